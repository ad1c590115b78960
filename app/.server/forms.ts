import { data } from "react-router";

export const UNREADABLE_FORM = "The form could not be read. Please reload the page and try again.";

/** Forms without uploads are small; anything bigger is refused before it is read. */
const MAX_FORM_BYTES = 1024 * 1024;

/** The request's form data; a body that is not a form, or is far too big, is a clear 4xx, not a crash. */
export async function formDataOf(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_FORM_BYTES) throw data({ messages: ["The form is too large to be sent."] }, { status: 413 });
  try {
    return await request.formData();
  } catch {
    throw data({ messages: [UNREADABLE_FORM] }, { status: 400 });
  }
}
