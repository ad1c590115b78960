import { data, redirect } from "react-router";
import { featureOfPath } from "~/domain/access";
import { requestInfoContext } from "~/.server/context";
import { optionalViewer, refuseUnlessAllowed, signInUrl } from "~/.server/guards";
import { shellData } from "~/.server/shell";
import type { Route } from "./+types/$";

/**
 * Unknown URLs: spec §8's 404 page, drawn by layouts/unknown.tsx, inside the signed-in chrome for a
 * signed-in user (the answer carries it). A signed-in user typing a URL of an
 * area their role or state may not open is refused (403) by the same rule as every page, even where
 * that area's page is not built yet; a signed-out visitor to such an area is asked to sign in first. A request
 * with a method the portal does not serve is answered here too: 405, with the same chrome.
 */
async function notFound(request: Request, context: Route.LoaderArgs["context"]): Promise<never> {
  // A method the portal does not serve (server/request-handler.ts sends it here): 405, drawn like the 404.
  const { refusedMethod } = context.get(requestInfoContext);
  if (refusedMethod) {
    const viewer = await optionalViewer(context).catch(() => null);
    throw data(
      {
        messages: [`The portal does not answer ${refusedMethod} requests.`],
        ...(viewer && { shell: shellData(viewer) }),
      },
      { status: 405, statusText: "Method Not Allowed" },
    );
  }
  const feature = featureOfPath(new URL(request.url).pathname);
  // The viewer, when signed in, for the chrome the 404 is drawn in; an upstream fault leaves the plain page.
  const viewer = await optionalViewer(context).catch(() => null);
  if (feature) {
    if (!viewer) throw redirect(signInUrl(request));
    refuseUnlessAllowed(viewer, request);
  }
  throw data(viewer ? { shell: shellData(viewer) } : null, { status: 404, statusText: "Not Found" });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return notFound(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return notFound(request, context);
}

export default function NotFound() {
  return null;
}
