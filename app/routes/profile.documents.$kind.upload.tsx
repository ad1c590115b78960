import { documentKindOf, uploadDocument } from "~/.server/profile-documents";
import type { Route } from "./+types/profile.documents.$kind.upload";

/**
 * Issue 12: the upload of a compliance document as JavaScript sends it (XMLHttpRequest, for the progress
 * bar): answered with JSON, `{ ok, toasts }` or `{ ok: false, result }` (the form's reply). The plain form
 * posts to /profile/documents/:kind instead.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const kind = documentKindOf(params.kind);
  const answer = await uploadDocument(request, context, kind);
  return Response.json(answer.ok ? answer : { ok: false, result: answer.result }, {
    status: answer.ok ? 200 : answer.status,
    headers: { "cache-control": "no-store" },
  });
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: "POST" } });
}
