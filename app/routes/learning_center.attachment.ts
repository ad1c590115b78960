import { isRouteErrorResponse } from "react-router";
import { libraryOfPath, pathId } from "~/domain/learning-center";
import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { learningAttachment } from "~/.server/upstream/learning-center";
import type { Route } from "./+types/learning_center.attachment";

function textAnswer(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * An attachment of a Learning Center resource, downloaded through the portal (issue 12): the upstream's bytes
 * streamed with the signed-in user's token, under the portal's URL (its access rule covers it: the default
 * layout's middleware), the upstream's URL never shown. What the upstream refuses or does not know is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const info = libraryOfPath(new URL(request.url).pathname);
  const resourceId = pathId(params.id);
  const attachmentId = pathId(params.attachmentId);
  if (!info || resourceId === null || attachmentId === null) return textAnswer(404, "This file could not be found.");
  try {
    const [, file] = await loadWithViewer(request, context, async (token) =>
      learningAttachment(token, info.library, resourceId, attachmentId),
    );
    return downloadResponse(file, `attachment-${attachmentId}`);
  } catch (error) {
    // A redirect (signed out, the session ended) goes as it is; an error page has no page to be drawn in here.
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) || (error && typeof error === "object" && "init" in error)) {
      const status = isRouteErrorResponse(error)
        ? error.status
        : ((error as { init?: { status?: number } }).init?.status ?? 500);
      if (status === 404) return textAnswer(404, "This file could not be found.");
      if (status === 403) return textAnswer(403, "You cannot open the Learning Center.");
      return textAnswer(status, "The file cannot be downloaded right now. Please try again in a moment.");
    }
    throw error;
  }
}
