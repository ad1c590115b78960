import { data } from "react-router";
import { ADMIN_DOCUMENT_KINDS } from "~/domain/admin/records";
import { recordIdOf } from "~/domain/admin/shapes";
import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { brokerDocumentFile } from "~/.server/upstream/admin";
import type { Route } from "./+types/admin.brokers.$id.documents.file";

/** A broker's compliance document, streamed from the upstream for the reviewer (issue 14). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = recordIdOf(params.id);
  const kind = ADMIN_DOCUMENT_KINDS.find((k) => k === params.kind);
  if (id === null || !kind) throw data({ messages: [] }, { status: 404, statusText: "Not Found" });
  const [, file] = await loadWithViewer(request, context, (token) => brokerDocumentFile(token, id, kind));
  return downloadResponse(file, `${kind}-${id}`);
}
