import { type RouterContextProvider, data, redirect } from "react-router";
import { ticketEntries, ticketReplySchema } from "~/domain/tickets";
import { successToast } from "~/domain/toast";
import { actionForm } from "./form-failure";
import { requireViewer } from "./guards";
import { redirectWithToast } from "./toast";
import { parseUploadForm } from "./upload";
import { productCarriers, products } from "./upstream/contracting";
import { closeTicket, replyToTicket, ticket } from "./upstream/tickets";
import { orNotFound } from "./upstream-failure";

/**
 * The reply and close actions of a ticket page (my tickets, commission inquiries, carrier tickets).
 * Who may do what is the upstream's decision (owner, addressed carrier, admin); a refusal or an upstream
 * fault is shown at the form with the reply kept.
 */
export async function ticketAction(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const form = actionForm(request, context, { read: parseUploadForm, schema: ticketReplySchema });
  return form.answer(
    async () => {
      const viewer = await requireViewer(request, context);
      const formData = await form.read();
      const id = Number(formData.get("ticketId"));
      if (!Number.isInteger(id) || id <= 0) throw redirect(`${url.pathname}`);
      if (formData.get("intent") === "close") {
        await closeTicket(viewer.token, id);
        return redirectWithToast(back, [successToast("Ticket closed")]);
      }
      const parsed = await form.parse(ticketReplySchema);
      if (parsed.status !== "success")
        return data({ result: parsed.reply({ hideFields: ["attachment"] }) }, { status: 400 });
      await replyToTicket(viewer.token, id, ticketEntries(parsed.value));
      return redirectWithToast(back, [successToast("Reply sent")]);
    },
    ({ result, status }) => data({ result }, { status }),
  );
}

/** The carriers an inquiry can be addressed to: every carrier of every product, once each. */
export async function inquiryCarriers(token: string): Promise<Array<{ id: number; name: string }>> {
  const list = await products(token);
  const perProduct = await Promise.all(list.map((p) => productCarriers(token, p.id)));
  const byId = new Map<number, string>();
  for (const carrier of perProduct.flat()) byId.set(carrier.id, carrier.carrierName);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The ticket the URL names (?ticket=id), or null when the URL names none. A malformed id, or one that is
 * gone or not the user's, is a 404 (issue 8 point 10), never the list as if nothing had been asked.
 */
export async function ticketFromUrl(token: string, params: URLSearchParams) {
  const asked = params.get("ticket");
  if (asked === null || asked === "") return null;
  const id = Number(asked);
  if (!/^\d{1,9}$/.test(asked) || id <= 0) throw notFound();
  const found = await orNotFound(ticket(token, id));
  if (!found) throw notFound();
  return found;
}

function notFound() {
  return data(null, { status: 404, statusText: "Not Found" });
}
