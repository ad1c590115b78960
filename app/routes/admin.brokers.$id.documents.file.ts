import { COMPLIANCE_DOCUMENT_KINDS } from "~/domain/compliance-documents";
import { idOr404, notFound } from "~/.server/admin/guard";
import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { brokerDocumentFile } from "~/.server/upstream/admin";
import type { Route } from "./+types/admin.brokers.$id.documents.file";

/** A broker's compliance document, streamed from the upstream for the reviewer (issue 14). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const kind = COMPLIANCE_DOCUMENT_KINDS.find((k) => k === params.kind);
  if (!kind) notFound();
  const [, file] = await loadWithViewer(request, context, async (token) => brokerDocumentFile(token, id, kind));
  return downloadResponse(file, `${kind}-${id}`);
}
