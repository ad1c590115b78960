import { idOr404 } from "~/.server/admin/guard";
import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { contractRequestFile } from "~/.server/upstream/admin";
import type { Route } from "./+types/admin.contracting.file";

/** A file the broker attached to a legal answer of the request, streamed from the upstream (issue 14). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const fileId = idOr404(params.fileId);
  const [, file] = await loadWithViewer(request, context, async (token) => contractRequestFile(token, id, fileId));
  return downloadResponse(file, `answer-${fileId}`);
}
