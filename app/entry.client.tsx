import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/** An admin section's page draws with its section's view and form: their scripts before hydration (ADR 024). */
async function beforeHydration(): Promise<void> {
  if (!window.location.pathname.startsWith("/admin/")) return;
  const registry = await import("./components/admin/section-registry");
  await registry.loadSectionOfPath(window.location.pathname);
}

// A section's script that fails to load (a flaky connection) does not hold hydration back: the page then waits for
// it as on a navigation (useSection).
void beforeHydration()
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
