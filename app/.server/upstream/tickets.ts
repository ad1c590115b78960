import { call, callMultipart } from "./client";
import {
  TicketCategoriesResponseSchema,
  TicketResponseSchema,
  TicketsResponseSchema,
  type TICKET_KINDS,
} from "./schemas/tickets";
import { sharedList } from "./shared-lists";

type Kind = (typeof TICKET_KINDS)[number];
const TABLE_KEYS = ["page", "perPage", "search", "sort", "order"];

export async function tickets(token: string, kind: Kind, params: URLSearchParams) {
  const query = new URLSearchParams({ kind });
  for (const key of TABLE_KEYS) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  return call("GET", `/api/tickets?${query.toString()}`, TicketsResponseSchema, { token });
}

export async function ticket(token: string, id: number) {
  return (await call("GET", `/api/tickets/${id}`, TicketResponseSchema, { token })).ticket;
}

/** A shared list (the same for every caller): kept for SHARED_LIST_TTL_SECONDS (ADR 017). Read-only. */
export async function ticketCategories(token: string) {
  const path = "/api/tickets/categories";
  return sharedList(path, async () => (await call("GET", path, TicketCategoriesResponseSchema, { token })).categories);
}

export async function createTicket(token: string, entries: Array<[string, string | Blob]>, idempotencyKey: string) {
  return (
    await callMultipart("POST", "/api/tickets", TicketResponseSchema, {
      token,
      entries,
      headers: { "idempotency-key": idempotencyKey },
    })
  ).ticket;
}

export async function replyToTicket(token: string, id: number, entries: Array<[string, string | Blob]>) {
  return (await callMultipart("POST", `/api/tickets/${id}/messages`, TicketResponseSchema, { token, entries })).ticket;
}

export async function closeTicket(token: string, id: number) {
  return (await call("POST", `/api/tickets/${id}/close`, TicketResponseSchema, { token })).ticket;
}
