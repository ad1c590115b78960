import { Outlet } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { PortalShell } from "~/components/portal-shell";
import { shellOfError } from "~/domain/shell";
import type { Route } from "./+types/unknown";

/**
 * The layout of unknown URLs (routes/$.tsx): no chrome of its own, so a signed-out visitor gets the plain
 * 404 page; a signed-in user's 404 (or 403) carries the chrome's data and is drawn inside it (issue 11). A
 * layout rather than the root's boundary, so the sign-in page never loads the chrome.
 */
export default function UnknownLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = typeof error === "object" && error !== null && "data" in error ? shellOfError(error.data) : null;
  if (!shell) return <ErrorPage error={error} />;
  return (
    <PortalShell shell={shell} prompts={false}>
      <ErrorPage error={error} inLayout />
    </PortalShell>
  );
}
