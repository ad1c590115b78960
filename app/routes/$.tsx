import { data, redirect } from "react-router";
import { featureOfPath } from "~/domain/access";
import { optionalViewer, refuseUnlessAllowed, signInUrl } from "~/.server/guards";
import type { Route } from "./+types/$";

/**
 * Unknown URLs: the root error boundary renders spec §8's 404 page. A signed-in user typing a URL of an
 * area their role or state may not open is refused (403) by the same rule as every page, even where
 * that area's page is not built yet; a signed-out visitor to such an area is asked to sign in first.
 */
async function notFound(request: Request, context: Route.LoaderArgs["context"]): Promise<never> {
  if (featureOfPath(new URL(request.url).pathname)) {
    const viewer = await optionalViewer(context);
    if (!viewer) throw redirect(signInUrl(request));
    refuseUnlessAllowed(viewer, request);
  }
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return notFound(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return notFound(request, context);
}

export default function NotFound() {
  return null;
}
