import { data } from "react-router";

export const UNREADABLE_FORM = "The form could not be read. Please reload the page and try again.";

/** The request's form data; a body that is not a form is a clear 400, not a crash. */
export async function formDataOf(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ messages: [UNREADABLE_FORM] }, { status: 400 });
  }
}
