import { data } from "react-router";
import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { documentKindOf, uploadDocument } from "~/.server/profile-documents";
import { complianceDocuments, storedFileDownload } from "~/.server/upstream/profile-details";
import type { Route } from "./+types/profile.documents.$kind.file";

/**
 * Issue 12: a compliance document's file. GET downloads the one on file (404 when none is); POST is the upload
 * as JavaScript sends it (XMLHttpRequest, for the progress bar), answered with JSON: `{ ok, toasts }` or
 * `{ ok: false, result }` (the form's reply). The plain form posts to /profile/documents/:kind instead.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const kind = documentKindOf(params.kind);
  const answer = await uploadDocument(request, context, kind);
  return Response.json(answer.ok ? answer : { ok: false, result: answer.result }, {
    status: answer.ok ? 200 : answer.status,
    headers: { "cache-control": "no-store" },
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const kind = documentKindOf(params.kind);
  const [, file] = await loadWithViewer(request, context, async (token) => {
    const stored = (await complianceDocuments(token)).find((d) => d.kind === kind)?.file;
    return stored ? storedFileDownload(token, stored.id) : null;
  });
  if (!file) throw data({ messages: [] }, { status: 404, statusText: "Not Found" });
  // Streamed on with the portal's own headers (the Learning Center's attachments answer the same way).
  return downloadResponse(file, `${kind}.pdf`);
}
