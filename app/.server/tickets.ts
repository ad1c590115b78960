import { type RouterContextProvider, data, redirect } from "react-router";
import { successToast } from "~/domain/toast";
import { conversationReplyAction } from "./conversation-form";
import { productCarriers, products } from "./upstream/contracting";
import { closeTicket, replyToTicket, ticket } from "./upstream/tickets";
import { orNotFound } from "./upstream-failure";

/**
 * The reply and close actions of a ticket page (my tickets, commission inquiries, carrier tickets): the ticket
 * is the form's `ticketId`. Who may do what is the upstream's decision (owner, addressed carrier, admin).
 */
export async function ticketAction(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  return conversationReplyAction(request, context, {
    id: (formData) => {
      const id = Number(formData.get("ticketId"));
      return Number.isInteger(id) && id > 0 ? id : null;
    },
    invalid: () => redirect(url.pathname),
    reply: replyToTicket,
    close: { run: closeTicket, toast: successToast("Ticket closed") },
    back: `${url.pathname}${url.search}`,
  });
}

/** The carriers an inquiry can be addressed to: every carrier of every product, once each. */
export async function inquiryCarriers(token: string): Promise<Array<{ id: number; name: string }>> {
  const list = await products(token);
  const perProduct = await Promise.all(list.map(async (p) => productCarriers(token, p.id)));
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
