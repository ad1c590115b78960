import { call } from "./client";
import { BookOfBusinessResponseSchema, ExportResponseSchema } from "./schemas/book-of-business";

/** The query of the book of business: the table's state plus its filters, as the URL holds them. */
export function bookQuery(params: URLSearchParams): string {
  const allowed = ["page", "perPage", "search", "sort", "order", "status", "productId", "carrierId"];
  const query = new URLSearchParams();
  for (const key of allowed) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

export async function bookOfBusiness(token: string, params: URLSearchParams) {
  return call("GET", `/api/book_of_business${bookQuery(params)}`, BookOfBusinessResponseSchema, { token });
}

export async function exportBookOfBusiness(token: string, params: URLSearchParams) {
  return (await call("POST", `/api/book_of_business/export${bookQuery(params)}`, ExportResponseSchema, { token }))
    .message;
}
