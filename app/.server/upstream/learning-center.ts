import type { LearningLibrary, LearningSortColumn } from "~/domain/learning-center";
import { call, callFile } from "./client";
import { LearningResourceResponseSchema, LearningResourcesResponseSchema } from "./schemas/learning-center";

/**
 * What a library list asks for. Every field optional: no library = every library (the hub's search). Values are
 * sent as given: check them first (a page's URL with `listQueryFrom(…, LEARNING_LIST)`, ADR 020).
 */
export interface LearningResourcesQuery {
  library?: LearningLibrary;
  page?: number;
  perPage?: number;
  search?: string;
  sort?: LearningSortColumn;
  order?: "ASC" | "DESC";
  carrierId?: number;
  productId?: number;
}

const QUERY_KEYS = ["library", "page", "perPage", "search", "sort", "order", "carrierId", "productId"] as const;

export function learningResourcesPath(query: LearningResourcesQuery): string {
  const params = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    const value = query[key];
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return `/api/learning_center/resources${text ? `?${text}` : ""}`;
}

/** The query of a list page: its library and the values `listQueryFrom` checked in its URL. */
export function learningQueryOf(library: LearningLibrary, checked: URLSearchParams): LearningResourcesQuery {
  const number = (key: string) => (checked.has(key) ? Number(checked.get(key)) : undefined);
  const order = checked.get("order");
  return {
    library,
    page: number("page"),
    perPage: number("perPage"),
    search: checked.get("search") ?? undefined,
    sort: (checked.get("sort") as LearningSortColumn | null) ?? undefined,
    order: order === "ASC" || order === "DESC" ? order : undefined,
    carrierId: number("carrierId"),
    productId: number("productId"),
  };
}

/**
 * A library's resources as the caller may see them (the upstream decides: some are for agencies only), paged,
 * searched, sorted and filtered by carrier and product, with the filter's choices. Reusable by any page that
 * lists learning-center resources (e.g. the carriers' enrollment resources: `{ library: "enrollment", … }`).
 */
export async function learningResources(token: string, query: LearningResourcesQuery) {
  return call("GET", learningResourcesPath(query), LearningResourcesResponseSchema, { token });
}

/** One resource of `library`; the upstream's 404 (unknown, another library's, or not for this caller) propagates. */
export async function learningResource(token: string, library: LearningLibrary, id: number) {
  const path = `/api/learning_center/resources/${id}?library=${library}`;
  return (await call("GET", path, LearningResourceResponseSchema, { token })).resource;
}

/** An attachment's bytes, streamed (not read here). */
export async function learningAttachment(
  token: string,
  library: LearningLibrary,
  resourceId: number,
  attachmentId: number,
) {
  return callFile(`/api/learning_center/resources/${resourceId}/attachments/${attachmentId}?library=${library}`, {
    token,
  });
}
