/**
 * A contract request's review, shared by the contracting desk (contracting/edit/:id) and a broker's contract page
 * (brokers/:id/contracts/:contract_id): read it, and move it (issue 14).
 */
import { data, type RouterContextProvider } from "react-router";
import { transitionSchema } from "~/domain/admin/forms";
import { CONTRACT_STATE_LABELS } from "~/domain/admin/labels";
import { successToast } from "~/domain/toast";
import { actionForm } from "../form-failure";
import { redirectWithToast } from "../toast";
import { transitionContractRequest } from "../upstream/admin";
import { requireAdmin } from "./guard";

/** The state change of request `id`; back to `here` with a toast, or the form with its errors and what was typed. */
export function transitionAction(request: Request, context: Readonly<RouterContextProvider>, id: number, here: string) {
  const form = actionForm(request, context, { schema: transitionSchema });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    const parsed = await form.parse(transitionSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    await transitionContractRequest(viewer.token, id, parsed.value);
    return redirectWithToast(here, [successToast(`The request is now ${CONTRACT_STATE_LABELS[parsed.value.state]}.`)]);
  });
}
