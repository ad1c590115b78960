/**
 * What the admin sections' list URLs may carry and where their records live (issue 14): the sort keys and filter
 * rules the list page checks before the upstream is asked (list-query.ts, ADR 020), and the record URLs spec §2
 * names (users/:id/edit, roles/:id, rts_statuses/:id). Read by the section pages on the server and in the browser.
 * Pure: no I/O.
 */
import { shape as emailCommunications } from "~/admin/sections/email_communications/shape";
import type { FilterRule } from "../list-query";

export interface SectionShape {
  sortable: readonly string[];
  filters: Readonly<Record<string, FilterRule>>;
  /** The record's form: `<base>/<id>`, `<base>/<id>/edit` or `<base>/edit/<id>` (spec §2). */
  recordUrl: "id" | "id/edit" | "edit/id";
  /**
   * With recordUrl `id/edit`: `<base>/<id>` is the record's own page (its facts, history and actions, a link to the
   * form), so the record's address opens it (users, issue 20).
   */
  viewPage?: boolean;
  /** Has a `new` page. */
  creatable: boolean;
  /** The order of a list whose URL names none (the desk: the longest waiting first). */
  defaultSort?: { sort: string; order: "ASC" | "DESC" };
}

export const SECTION_SHAPES = {
  users: {
    sortable: ["lastName", "email", "role", "status", "createdAt", "lastSignInAt", "licenses", "appointments"],
    filters: {
      roleId: "id",
      status: { values: ["active", "pending", "unverified", "disabled"] },
      agencyId: "id",
      documents: { values: ["awaiting_review"] },
    },
    recordUrl: "id/edit",
    viewPage: true,
    creatable: true,
  },
  roles: {
    sortable: ["name", "kind", "userCount"],
    filters: { kind: { values: ["Agent", "Agency", "Admin", "Carrier"] } },
    recordUrl: "id",
    creatable: true,
  },
  rts_statuses: {
    sortable: ["statusCode", "statusTitle", "carrier", "usageCount"],
    filters: { carrierId: "id" },
    recordUrl: "id",
    creatable: true,
  },
  // The contracting desk: every contract request in one queue; a request's page is contracting/edit/:id.
  contracting: {
    sortable: ["waiting", "requestedAt", "broker", "carrier"],
    filters: {
      state: { values: ["pending", "approved", "denied", "active"] },
      carrierId: "id",
      productId: "id",
      age: { values: ["0-7", "8-30", "31-90", "91+"] },
      brokerId: "id",
    },
    recordUrl: "edit/id",
    creatable: false,
    defaultSort: { sort: "waiting", order: "DESC" },
  },
  email_communications: emailCommunications,
} as const satisfies Record<string, SectionShape>;

export type SectionKey = keyof typeof SECTION_SHAPES;

export function isSectionKey(key: string | undefined): key is SectionKey {
  return key !== undefined && Object.hasOwn(SECTION_SHAPES, key);
}

export function sectionPath(key: SectionKey): string {
  return `/admin/${key}`;
}

/** A record's page (spec §2): /admin/users/12/edit, /admin/roles/3. */
export function recordPath(key: SectionKey, id: number): string {
  const url = SECTION_SHAPES[key].recordUrl;
  return url === "id/edit"
    ? `/admin/${key}/${id}/edit`
    : url === "edit/id"
      ? `/admin/${key}/edit/${id}`
      : `/admin/${key}/${id}`;
}

/** A record's own page: /admin/users/12 (its facts and history), else its form (recordPath). */
export function viewPath(key: SectionKey, id: number): string {
  const shape: SectionShape = SECTION_SHAPES[key];
  return shape.viewPage ? `/admin/${key}/${id}` : recordPath(key, id);
}

/** A record id of a URL: a positive integer, or null. */
export function recordIdOf(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The list URL a form goes back to: the `back` it was opened from when it is this section's list, else the list. */
export function backToList(key: SectionKey, back: string | null | undefined): string {
  const base = sectionPath(key);
  if (back && (back === base || back.startsWith(`${base}?`)) && !/[\\\r\n]/.test(back)) return back;
  return base;
}

/** The list's query with the section's default order when the URL names no sort. */
export function withDefaultSort(key: SectionKey, query: URLSearchParams): URLSearchParams {
  const shape: SectionShape = SECTION_SHAPES[key];
  if (query.has("sort") || !shape.defaultSort) return query;
  const sorted = new URLSearchParams(query);
  sorted.set("sort", shape.defaultSort.sort);
  sorted.set("order", shape.defaultSort.order);
  return sorted;
}
