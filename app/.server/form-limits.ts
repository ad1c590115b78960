import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { data } from "react-router";
import {
  MAX_UPLOAD_BYTES,
  MISMATCHED_UPLOAD_TYPE,
  OVERSIZED_UPLOAD_TYPE,
  UPLOAD_SNIFF_BYTES,
  UPLOAD_TOO_LARGE,
  uploadContentProblem,
} from "../domain/uploads";

/**
 * Bounded work per request (docs/decisions/012-bounded-requests.md): every limit a form post meets,
 * in one place. The server counts body bytes as they are read (server/request-handler.ts, with the limits of
 * app/.server/body-limits.ts); the form reader below bounds fields, files and names before anything builds on them.
 */
export const FORM_LIMITS = {
  /** A form without uploads (urlencoded, or anything that is not multipart). */
  formBytes: 64 * 1024,
  /** A form with uploads: at most 10 MB a file (refused at its field), 30 MB the whole request. */
  multipartBytes: 3 * MAX_UPLOAD_BYTES,
  /** Fields (parts) in one form. The largest form (legal answers) has well under a hundred. */
  fields: 300,
  /** Files in one form. */
  files: 30,
  /** A field name's length, its list indexes (`answers[12]`) and its nesting (`a.b[0].c` is 4 deep). */
  nameLength: 200,
  index: 499,
  depth: 8,
} as const;

export const UNREADABLE_FORM = "The form could not be read. Please reload the page and try again.";
export const FORM_TOO_LARGE = "The form is too large to be sent.";

function refuse(status: 400 | 413, message: string): never {
  throw data({ messages: [message] }, { status });
}

/** Why a field name is refused, or null when it is within bounds. */
export function fieldNameProblem(name: string): string | null {
  if (name.length > FORM_LIMITS.nameLength) return "too long";
  let depth = 1;
  for (const ch of name) if (ch === "." || ch === "[") depth++;
  if (depth > FORM_LIMITS.depth) return "nested too deep";
  for (const match of name.matchAll(/\[(\d*)\]/g)) {
    const index = match[1] ?? "";
    // Compared as text first: a 400-digit index must not become a float before the check.
    if (index.length > 3 || Number(index) > FORM_LIMITS.index) return "list index too large";
  }
  return null;
}

/**
 * A name like `pad[10000000]` makes the form library build an array of that length; one nested
 * thousands deep overflows its stack. Such a form is refused (400) before it is parsed.
 */
export function assertBoundedFieldNames(form: FormData): void {
  let count = 0;
  for (const name of form.keys()) {
    if (++count > FORM_LIMITS.fields || fieldNameProblem(name)) refuse(400, UNREADABLE_FORM);
  }
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
}

/**
 * Reads a form, urlencoded or multipart, within FORM_LIMITS. With `files`, a file over MAX_UPLOAD_BYTES
 * is replaced by an empty marker file (type OVERSIZED_UPLOAD_TYPE), and so is one whose content is not what its
 * type says (MISMATCHED_UPLOAD_TYPE), so the form's validation names the problem at that field and every
 * other field survives; without, files are dropped. Anything that is
 * not a readable form (wrong content type, broken multipart, invalid UTF-8 in a text field, too many
 * parts, a hostile name) is a 400; too many bytes a 413.
 */
export async function readForm(request: Request, options: { files: boolean }): Promise<FormData> {
  const multipart = isMultipart(request);
  const totalBytes = multipart ? FORM_LIMITS.multipartBytes : FORM_LIMITS.formBytes;
  let form: FormData;
  try {
    form = await parseFormData(
      request,
      {
        maxParts: FORM_LIMITS.fields,
        maxFiles: FORM_LIMITS.files,
        maxFileSize: totalBytes,
        maxTotalSize: totalBytes,
        maxHeaderSize: 8 * 1024,
      },
      async (upload) => {
        if (!options.files || (upload.size === 0 && upload.name === "")) return null;
        if (upload.size > MAX_UPLOAD_BYTES) return new File([], upload.name, { type: OVERSIZED_UPLOAD_TYPE });
        const content = new Uint8Array(await upload.arrayBuffer());
        // Its first bytes must be those of the PDF or image its name and type claim (decision 008).
        if (uploadContentProblem(upload, content.subarray(0, UPLOAD_SNIFF_BYTES))) {
          return new File([], upload.name || "file", { type: MISMATCHED_UPLOAD_TYPE });
        }
        return new File([content], upload.name, { type: upload.type });
      },
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      refuse(413, multipart && options.files ? UPLOAD_TOO_LARGE : FORM_TOO_LARGE);
    }
    if (
      error instanceof FormDataParseError ||
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError ||
      error instanceof MaxFilesExceededError ||
      // A text part that is not UTF-8 (the multipart parser decodes strictly).
      error instanceof TypeError
    ) {
      refuse(400, UNREADABLE_FORM);
    }
    throw error;
  }
  assertBoundedFieldNames(form);
  return form;
}
