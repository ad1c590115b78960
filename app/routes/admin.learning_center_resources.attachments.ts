import { successToast, errorToasts } from "~/domain/toast";
import { isEmptyFile, uploadProblem } from "~/domain/uploads";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { parseUploadForm } from "~/.server/upload";
import { redirectWithToast } from "~/.server/toast";
import { upstreamMessages } from "~/.server/upstream-failure";
import { removeAttachment, uploadAttachment } from "~/admin/sections/learning_center_resources/section.server";
import type { Route } from "./+types/admin.learning_center_resources.attachments";

export const CHOOSE_A_FILE = "Choose the file to attach (an image or a PDF).";

/**
 * A Learning Center resource's attachments (issue 22 §2.2): add a file, replace one, remove one; back to the
 * resource's page with a toast saying what happened (a refused file: why). The upload rules are the portal's
 * (app/domain/uploads.ts, ADR 008), checked here and by the upstream.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const back = `/admin/learning_center_resources/${id}`;
  const viewer = await requireAdmin(request, context);
  const form = await parseUploadForm(request);
  const intent = form.get("intent");
  const attachmentId = Number(form.get("attachmentId"));
  const named = Number.isInteger(attachmentId) && attachmentId > 0 ? attachmentId : null;
  try {
    if (intent === "remove") {
      if (!named) return redirectWithToast(back, errorToasts(["Choose the attachment to remove."]));
      await removeAttachment(viewer.token, id, named);
      return redirectWithToast(back, [successToast("Attachment removed.")]);
    }
    const file = form.get("file");
    if (!(file instanceof File) || isEmptyFile(file)) return redirectWithToast(back, errorToasts([CHOOSE_A_FILE]));
    const problem = uploadProblem(file);
    if (problem) return redirectWithToast(back, errorToasts([`${file.name}: ${problem}.`]));
    const replaces = intent === "replace" ? named : null;
    await uploadAttachment(viewer.token, id, file, replaces);
    return redirectWithToast(back, [
      successToast(replaces ? `${file.name} replaced the file.` : `${file.name} attached.`),
    ]);
  } catch (error) {
    return redirectWithToast(back, errorToasts(await upstreamMessages(error, viewer.session)));
  }
}
