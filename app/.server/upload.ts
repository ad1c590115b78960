import { readForm } from "./form-limits";

/**
 * Parses a form with uploads within FORM_LIMITS (docs/decisions/008-uploads.md): a file over
 * MAX_UPLOAD_BYTES becomes an empty marker file (type OVERSIZED_UPLOAD_TYPE), and so does one whose first bytes
 * are not the PDF or image its type claims (MISMATCHED_UPLOAD_TYPE), so the form's validation names the problem
 * at that field and every other field the user typed survives the round trip.
 */
export async function parseUploadForm(request: Request): Promise<FormData> {
  return readForm(request, { files: true });
}
