import { data } from "react-router";
import { recordIdOf } from "~/domain/admin/shapes";
import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { contractRequestFile } from "~/.server/upstream/admin";
import type { Route } from "./+types/admin.contracting.file";

/** A file the broker attached to a legal answer of the request, streamed from the upstream (issue 14). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = recordIdOf(params.id);
  const fileId = recordIdOf(params.fileId);
  if (id === null || fileId === null) throw data({ messages: [] }, { status: 404, statusText: "Not Found" });
  const [, file] = await loadWithViewer(request, context, (token) => contractRequestFile(token, id, fileId));
  return downloadResponse(file, `answer-${fileId}`);
}
