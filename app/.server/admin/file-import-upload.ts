import type { SubmissionResult } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { requireAdmin } from "~/.server/admin/guard";
import { requireFileFormLimit } from "~/.server/body-limits";
import { actionForm } from "~/.server/form-failure";
import { UNREADABLE_FORM } from "~/.server/forms";
import { MultipartStreamError, streamedUpload } from "~/.server/multipart-stream";

/** Where a file import's form goes on to (the import's page), or the form's reply. */
export type FileImportAnswer =
  { ok: true; to: string } | { ok: false; status: number; result: SubmissionResult<string[]> };

/**
 * A file import's upload (a carrier's statement, issue 23 §1; a carrier's file, issue 24 §1), as the plain post
 * and the upload sent by JavaScript (with its progress, an `/upload` resource route answering JSON) both make it:
 * the browser's multipart form is read as a stream (streamedUpload) — the facts first, then the file, whose bytes go
 * on to the upstream as they arrive (`send`), never held whole; the portal's server caps the body
 * (server/request-handler.ts). Answers the import's page (`to`: its preview, or why it was refused) or the form's
 * reply: the facts' errors with a missing file's, said at the file field (`chooseFile`).
 */
export async function uploadFileImport<S extends $ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: {
    facts: readonly string[];
    /** The most MB its file may have (what its page says): its routes are in LARGE_FILE_FORMS. */
    fileMb: number;
    schema: S;
    chooseFile: string;
    send: (
      token: string,
      form: FormData,
      fileName: string,
      content: AsyncIterable<Uint8Array>,
    ) => Promise<{ importId: number }> | null;
    to: (importId: number) => string;
  },
): Promise<FileImportAnswer> {
  requireFileFormLimit(request, context, options.fileMb);
  const viewer = await requireAdmin(request, context);
  // A promise, or null when there is nothing to send: not async (streamedUpload reads the null as "no upload").
  const upload = streamedUpload(options.facts, (fields, fileName, content): ReturnType<typeof options.send> =>
    options.send(viewer.token, fields, fileName, content),
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
    async (): Promise<FileImportAnswer> => {
      const parsed = await form.parse(options.schema);
      if (unreadable) return { ok: false, status: 400, result: parsed.reply({ formErrors: [UNREADABLE_FORM] }) };
      // Without JavaScript the browser checked nothing: a missing file is said with the other fields' errors.
      const fileError: Record<string, string[]> = outcome.fileMissing ? { file: [options.chooseFile] } : {};
      if (parsed.status !== "success")
        return { ok: false, status: 400, result: parsed.reply({ fieldErrors: fileError }) };
      if (!outcome.upload) {
        const problem = outcome.fileMissing ? options.chooseFile : UNREADABLE_FORM;
        return { ok: false, status: 400, result: parsed.reply({ fieldErrors: { file: [problem] } }) };
      }
      const { importId } = await outcome.upload;
      return { ok: true, to: options.to(importId) };
    },
    ({ status, result }) => ({ ok: false, status, result }),
  );
}

/** The answer to the upload JavaScript sends (an `/upload` resource route): JSON, `{ ok, to }` or `{ ok, result }`. */
export function fileImportJson(answer: FileImportAnswer): Response {
  return Response.json(answer.ok ? answer : { ok: false, result: answer.result }, {
    status: answer.ok ? 200 : answer.status,
    headers: { "cache-control": "no-store" },
  });
}
