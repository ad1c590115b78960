import { fileImportJson } from "~/.server/admin/file-import-upload";
import { uploadCarrierImport } from "~/admin/sections/carrier_imports/upload.server";
import type { Route } from "./+types/admin.carrier_imports.upload.send";

/**
 * A carrier's file's upload as JavaScript sends it (XMLHttpRequest, for the upload's progress), answered with JSON:
 * `{ ok: true, to }` (the import's page) or `{ ok: false, result }` (the form's reply). The plain form posts to
 * /admin/carrier_imports/upload instead; both run uploadCarrierImport.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return fileImportJson(await uploadCarrierImport(request, context));
}
