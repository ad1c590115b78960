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
import { contractRequest, transitionContractRequest } from "../upstream/admin";
import { notFound, requireAdmin } from "./guard";

/**
 * The state change of request `id`; back to `here` with a toast, or the form with its errors and what was typed.
 * With `brokerId` (a broker's contract page), a request of another broker under that URL is the 404 page, as its
 * loader says, and is never moved.
 */
export async function transitionAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  id: number,
  here: string,
  { brokerId }: { brokerId?: number } = {},
) {
  const form = actionForm(request, context, { schema: transitionSchema });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    const [parsed, found] = await Promise.all([
      form.parse(transitionSchema),
      brokerId === undefined ? null : contractRequest(viewer.token, id),
    ]);
    if (found && found.record.broker.id !== brokerId) notFound();
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    await transitionContractRequest(viewer.token, id, parsed.value);
    return redirectWithToast(here, [successToast(`The request is now ${CONTRACT_STATE_LABELS[parsed.value.state]}.`)]);
  });
}
