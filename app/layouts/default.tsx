import { Outlet, useMatches, useRouteLoaderData } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { PortalShell } from "~/components/portal-shell";
import { layoutFor } from "~/domain/layout";
import { shellOfError } from "~/domain/shell";
import { accessMiddleware, requireViewer } from "~/.server/guards";
import { shellData } from "~/.server/shell";
import type { Route } from "./+types/default";

/** Every page under this layout is signed-in only and passes the shared access rule first. */
export const middleware: Route.MiddlewareFunction[] = [accessMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  return shellData(await requireViewer(request, context));
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  // A route's handle (domain/layout.ts): the Contract Now dialog is shown alone; the dashboard lists the tasks itself.
  const { fullScreen, pendingTasksBanner } = layoutFor(useMatches().map((m) => m.handle));
  if (fullScreen) {
    // Nothing behind the dialog for keyboard or screen-reader users to wander into.
    return <Outlet />;
  }
  return (
    <PortalShell shell={loaderData} pendingTasksBanner={pendingTasksBanner}>
      <Outlet />
    </PortalShell>
  );
}

/**
 * A page's error (a 404 from its loader, a 403 from the access rule, a failure) inside the chrome: the
 * layout's own data when it loaded, else the chrome the refusal carries; without either (the upstream down
 * for the viewer), the plain error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const loaded = useRouteLoaderData<typeof loader>("layouts/default");
  const shell = loaded ?? shellOfError(isRouteErrorData(error) ? error.data : null);
  if (!shell) return <ErrorPage error={error} />;
  return (
    <PortalShell shell={shell} prompts={false}>
      <ErrorPage error={error} inLayout />
    </PortalShell>
  );
}

function isRouteErrorData(error: unknown): error is { data: unknown } {
  return typeof error === "object" && error !== null && "data" in error;
}
