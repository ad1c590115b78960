/**
 * The Sunfire imports' upstream calls beyond the list (issue 24 §5; contract.server.ts): a page of an import's rows
 * (preview or results), one row with its reconciliation's choices, confirm, discard, reconcile, the results CSV and
 * the upload — as the upload page's plain post and the upload sent by JavaScript (with its progress) both make it.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import { requireAdmin } from "~/.server/admin/guard";
import { requireFileFormLimit } from "~/.server/body-limits";
import { actionForm } from "~/.server/form-failure";
import { UNREADABLE_FORM } from "~/.server/forms";
import { MultipartStreamError, streamedUpload } from "~/.server/multipart-stream";
import { adminCall, adminFile } from "~/.server/upstream/admin";
import { uploadFile } from "~/.server/upstream/file-upload";
import {
  SunfireImportResponseSchema,
  SunfireImportRowResponseSchema,
  SunfireImportRowsResponseSchema,
  SunfireReconcileResponseSchema,
} from "./contract.server";
import { CHOOSE_SUNFIRE_FILE, MAX_SUNFIRE_FILE_MB, uploadFactsSchema } from "./schemas";

const base = "sunfire_imports";

export const importRows = async (token: string, id: number, params: URLSearchParams) =>
  adminCall(token, "GET", `${base}/${id}/rows`, SunfireImportRowsResponseSchema, { params });

export const importRow = async (token: string, id: number, line: number) =>
  adminCall(token, "GET", `${base}/${id}/rows/${line}`, SunfireImportRowResponseSchema);

export const confirmImport = async (token: string, id: number) =>
  adminCall(token, "POST", `${base}/${id}/confirm`, SunfireImportResponseSchema);

export const discardImport = async (token: string, id: number) =>
  adminCall(token, "POST", `${base}/${id}/discard`, SunfireImportResponseSchema);

export const reconcileRow = async (
  token: string,
  id: number,
  line: number,
  body: { agentUserId: number; clientId: string },
) => adminCall(token, "POST", `${base}/${id}/rows/${line}/reconcile`, SunfireReconcileResponseSchema, { body });

export const resultsCsv = async (token: string, id: number) => adminFile(token, `${base}/${id}/results`);

export type SunfireUploadAnswer =
  { ok: true; to: string } | { ok: false; status: number; result: SubmissionResult<string[]> };

/**
 * The upload (issue 24 §5): the browser's multipart form read as a stream (streamedUpload), the file's bytes going on
 * to the upstream as they arrive (uploadFile), never held whole. Answers where the form goes on to (the import's page:
 * its preview, or why it was refused) or the form's reply.
 */
export async function uploadSunfireExport(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SunfireUploadAnswer> {
  requireFileFormLimit(request, context, MAX_SUNFIRE_FILE_MB);
  const viewer = await requireAdmin(request, context);
  const upload = streamedUpload([], async (_fields, fileName, content) =>
    uploadFile(viewer.token, `${base}/upload`, { fileName }, content),
  );
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
    async (): Promise<SunfireUploadAnswer> => {
      const parsed = await form.parse(uploadFactsSchema);
      if (unreadable) return { ok: false, status: 400, result: parsed.reply({ formErrors: [UNREADABLE_FORM] }) };
      if (parsed.status !== "success") return { ok: false, status: 400, result: parsed.reply() };
      if (!outcome.upload) {
        const problem = outcome.fileMissing ? CHOOSE_SUNFIRE_FILE : UNREADABLE_FORM;
        return { ok: false, status: 400, result: parsed.reply({ fieldErrors: { file: [problem] } }) };
      }
      const { importId } = await outcome.upload;
      return { ok: true, to: `/admin/sunfire_imports/${importId}` };
    },
    ({ status, result }) => ({ ok: false, status, result }),
  );
}
