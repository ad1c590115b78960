import { idOr404 } from "~/.server/admin/guard";
import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { attachmentFile } from "~/admin/sections/learning_center_resources/section.server";
import type { Route } from "./+types/admin.learning_center_resources.attachment";

/** An attachment of a Learning Center resource (drafts' too), streamed from the upstream (issue 22 §2.2). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const attachmentId = idOr404(params.attachmentId);
  const [, file] = await loadWithViewer(request, context, async (token) => attachmentFile(token, id, attachmentId));
  return downloadResponse(file, `attachment-${attachmentId}`);
}
