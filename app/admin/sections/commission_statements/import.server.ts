import type { RouterContextProvider } from "react-router";
import { type FileImportAnswer, uploadFileImport } from "~/.server/admin/file-import-upload";
import { CHOOSE_STATEMENT_FILE, MAX_STATEMENT_MB, importFactsSchema } from "./schemas";
import { uploadStatement } from "./statements.server";

export type StatementImportAnswer = FileImportAnswer;

/**
 * A statement's upload (issue 23 §1), as the import page's plain post and the upload sent by JavaScript (with its
 * progress) both make it (the shared uploadFileImport): the facts, then the file streamed on to the upstream
 * (statements.server.ts uploadStatement). Answers the import's page or the form's reply.
 */
export async function importStatement(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StatementImportAnswer> {
  return uploadFileImport(request, context, {
    facts: ["carrierId", "period", "carrierStatementDate"],
    fileMb: MAX_STATEMENT_MB,
    schema: importFactsSchema,
    chooseFile: CHOOSE_STATEMENT_FILE,
    // Not async: null (the facts do not parse) means nothing is sent.
    send: (token, fields, fileName, content): Promise<{ importId: number }> | null => {
      const facts = importFactsSchema.safeParse(Object.fromEntries(fields.entries()));
      return facts.success ? uploadStatement(token, { ...facts.data, fileName }, content) : null;
    },
    to: (importId) => `/admin/commission_statements/imports/${importId}`,
  });
}
