import type { SubmissionResult } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import { requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { UNREADABLE_FORM } from "~/.server/forms";
import { MultipartStreamError, streamedUpload } from "~/.server/multipart-stream";
import { CHOOSE_STATEMENT_FILE, importFactsSchema } from "./schemas";
import { uploadStatement } from "./statements.server";

export type StatementImportAnswer =
  { ok: true; to: string } | { ok: false; status: number; result: SubmissionResult<string[]> };

const FACTS = ["carrierId", "period", "carrierStatementDate"] as const;

/**
 * A statement's upload (issue 23 §1), as the import page's plain post and the upload sent by JavaScript (with its
 * progress) both make it: the browser's multipart form is read as a stream (streamedUpload) — the facts first, then the
 * file, whose bytes go on to the upstream as they arrive (statements.server.ts uploadStatement), never held whole; the
 * portal's server caps the body (server/request-handler.ts, 50 MB and a little). Answers where the form goes on to
 * (the import's page: its preview, or why it was refused) or the form's reply.
 */
export async function importStatement(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StatementImportAnswer> {
  const viewer = await requireAdmin(request, context);
  const upload = streamedUpload(FACTS, (fields, fileName, content) => {
    const facts = importFactsSchema.safeParse(Object.fromEntries(fields.entries()));
    return facts.success ? uploadStatement(viewer.token, { ...facts.data, fileName }, content) : null;
  });
  let unreadable = false;
  const read = async (req: Request): Promise<FormData> => {
    try {
      return await upload.read(req);
    } catch (error) {
      if (!(error instanceof MultipartStreamError)) throw error;
      unreadable = true;
      return new FormData();
    }
  };
  const { outcome } = upload;
  const form = actionForm(request, context, { read, hideFields: ["file"] });
  return form.answer(
    async (): Promise<StatementImportAnswer> => {
      const parsed = await form.parse(importFactsSchema);
      if (unreadable) return { ok: false, status: 400, result: parsed.reply({ formErrors: [UNREADABLE_FORM] }) };
      if (parsed.status !== "success") return { ok: false, status: 400, result: parsed.reply() };
      if (!outcome.upload) {
        const problem = outcome.fileMissing ? CHOOSE_STATEMENT_FILE : UNREADABLE_FORM;
        return { ok: false, status: 400, result: parsed.reply({ fieldErrors: { file: [problem] } }) };
      }
      const { importId } = await outcome.upload;
      return { ok: true, to: `/admin/commission_statements/imports/${importId}` };
    },
    ({ status, result }) => ({ ok: false, status, result }),
  );
}
