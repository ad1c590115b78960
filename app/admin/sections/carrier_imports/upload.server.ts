import type { RouterContextProvider } from "react-router";
import { type FileImportAnswer, uploadFileImport } from "~/.server/admin/file-import-upload";
import { uploadCarrierFile } from "./imports.server";
import { CHOOSE_CARRIER_FILE, MAX_CARRIER_FILE_MB, uploadFactsSchema } from "./schemas";

/**
 * A carrier's file's upload (issue 24 §1), as the upload page's plain post and the upload sent by JavaScript (with
 * its progress) both make it (the shared uploadFileImport): the carrier and kind, then the file streamed on to the
 * upstream (imports.server.ts uploadCarrierFile). Answers the import's page or the form's reply.
 */
export async function uploadCarrierImport(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<FileImportAnswer> {
  return uploadFileImport(request, context, {
    facts: ["carrierId", "kind"],
    fileMb: MAX_CARRIER_FILE_MB,
    schema: uploadFactsSchema,
    chooseFile: CHOOSE_CARRIER_FILE,
    // Not async: null (the facts do not parse) means nothing is sent.
    send: (token, fields, fileName, content): Promise<{ importId: number }> | null => {
      const facts = uploadFactsSchema.safeParse(Object.fromEntries(fields.entries()));
      return facts.success ? uploadCarrierFile(token, { ...facts.data, fileName }, content) : null;
    },
    to: (importId) => `/admin/carrier_imports/${importId}`,
  });
}
