import { data, redirect } from "react-router";
import { viewerContext } from "~/context";
import { featureOfPath } from "~/domain/access";
import { refuseUnlessAllowed, signInUrl } from "~/.server/guards";
import type { Route } from "./+types/$";

/**
 * Unknown URLs: the root error boundary renders spec §8's 404 page. A signed-in user typing a URL of an
 * area their role or state may not open is refused (403) by the same rule as every page, even where
 * that area's page is not built yet.
 */
function notFound(request: Request, context: Route.LoaderArgs["context"]): never {
  const viewer = context.get(viewerContext);
  if (viewer) refuseUnlessAllowed(viewer, request);
  // A signed-out visit to a URL of a signed-in area goes to sign-in first, like every other page.
  else if (featureOfPath(new URL(request.url).pathname)) throw redirect(signInUrl(request));
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
