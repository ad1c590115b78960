import { uploadSunfireExport } from "~/admin/sections/sunfire_imports/imports.server";
import type { Route } from "./+types/admin.sunfire_imports.new.upload";

/**
 * A Sunfire export's upload as JavaScript sends it (XMLHttpRequest, for the upload's progress), answered with JSON:
 * `{ ok: true, to }` (the import's page) or `{ ok: false, result }` (the form's reply). The plain form posts to
 * /admin/sunfire_imports/new instead; both run uploadSunfireExport.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await uploadSunfireExport(request, context);
  return Response.json(answer.ok ? answer : { ok: false, result: answer.result }, {
    status: answer.ok ? 200 : answer.status,
    headers: { "cache-control": "no-store" },
  });
}
