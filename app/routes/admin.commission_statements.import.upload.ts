import { fileImportJson } from "~/.server/admin/file-import-upload";
import { importStatement } from "~/admin/sections/commission_statements/import.server";
import type { Route } from "./+types/admin.commission_statements.import.upload";

/**
 * A statement's upload as JavaScript sends it (XMLHttpRequest, for the upload's progress), answered with JSON:
 * `{ ok: true, to }` (the import's page) or `{ ok: false, result }` (the form's reply). The plain form posts to
 * /admin/commission_statements/import instead; both run importStatement.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return fileImportJson(await importStatement(request, context));
}
