import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/** An admin section's page draws with its section's view and form: their scripts before hydration (ADR 024). */
async function beforeHydration(): Promise<void> {
  if (!window.location.pathname.startsWith("/admin/")) return;
  const registry = await import("./components/admin/section-registry");
  await registry.loadSectionOfPath(window.location.pathname);
}

void beforeHydration().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
