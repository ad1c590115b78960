/**
 * What a section's server half is (issue 14, ADR 024): its upstream calls and how a record becomes the form's
 * values. Each section's own is app/admin/sections/<key>/section.server.ts; the list / new / record / export route
 * modules (app/routes/admin.section*.tsx) are shared and find it by the section's key (sections.ts).
 */
import type { $ZodType } from "zod/v4/core";
import type { AuditEntry, Facet } from "~/domain/admin/records";
import type { PagingMeta } from "~/domain/table";
import { SERVICE_NOT_ANSWERING } from "../form-failure";
import { endsSession, upstreamErrorOf } from "../upstream-failure";
import type { adminExport } from "../upstream/admin";

/** A form's starting values: text as the inputs show it, "on" for a checked box. */
export type FormValues = Record<string, string | undefined>;

/** What a bulk action did: how many of the chosen rows, and the upstream's reasons for the others. */
export interface BulkOutcome {
  done: number;
  refusals: string[];
}

export interface SectionServer<Row extends { id: number }> {
  list(
    token: string,
    params: URLSearchParams,
  ): Promise<{
    records: Row[];
    meta: PagingMeta;
    facets: Record<string, Facet>;
    /** What the list page draws above its table (the view's `aboveList`: a report's chart); absent: nothing. */
    above?: unknown;
  }>;
  record(token: string, id: number): Promise<{ record: Row; history: AuditEntry[] }>;
  /**
   * What the list page sends of each row (its loader data, in every page's HTML): the fields its columns, row
   * menu and confirmations show (issue 21: trim loaders to what is shown). Absent: the whole record.
   */
  listRow?(record: Row): { id: number };
  /** The new and record pages' writes; absent: the section has its own record page. */
  form?: {
    create(token: string, value: unknown): Promise<{ id: number }>;
    update(token: string, id: number, value: unknown): Promise<{ id: number }>;
    formValues(record: Row): FormValues;
  };
  /** Absent: records of this section are not deleted. */
  remove?(token: string, id: number): Promise<unknown>;
  /** The bulk form's schema (its `id` list and the section's own fields); default: the ids alone. */
  bulkSchema?: $ZodType;
  /** The bulk action on the confirmed rows (`value`: the bulk form's parsed values, its ids in `id`). */
  bulk?(token: string, value: { id: number[] } & Record<string, unknown>): Promise<BulkOutcome>;
  /** The further bulk actions, by the key the view's `bulkMore` gives them: their schema and what they do. */
  bulkMore?: Record<
    string,
    { schema?: $ZodType; run(token: string, value: { id: number[] } & Record<string, unknown>): Promise<BulkOutcome> }
  >;
  exportCsv(token: string, params: URLSearchParams): ReturnType<typeof adminExport>;
  /** Other actions of the record page, by intent (a user's password reset): the success toast's text. */
  intents?: Record<string, (token: string, record: Row) => Promise<string>>;
}

/** A form's checkbox value: "on" when checked. */
export const on = (value: boolean) => (value ? "on" : undefined);
/** A form's text value: "" for none. */
export const text = (value: string | number | null | undefined) => (value == null ? "" : String(value));

/**
 * A bulk action made of one upstream call per row, started together: how many were done, and the upstream's
 * reasons for the others. A 401 ends the session as anywhere else (thrown); a fault that is not the upstream's
 * answer is thrown too.
 */
export async function eachId(ids: number[], act: (id: number) => Promise<unknown>): Promise<BulkOutcome> {
  const outcomes = await Promise.allSettled(ids.map(act));
  const refusals: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === "fulfilled") continue;
    const cause = upstreamErrorOf(outcome.reason);
    if (!cause || endsSession(outcome.reason)) throw outcome.reason;
    refusals.push(...(cause.unanswered ? [SERVICE_NOT_ANSWERING] : cause.messages));
  }
  return { done: outcomes.filter((o) => o.status === "fulfilled").length, refusals: [...new Set(refusals)] };
}

/**
 * The server half of a section whose records are created, edited and deleted as they are (roles, RTS statuses):
 * its upstream resource's calls, the bulk action deleting each chosen row (the upstream keeps one in use, with its
 * reason), and the form's starting values.
 */
export function editableRecords<Row extends { id: number }>(
  api: {
    list: SectionServer<Row>["list"];
    record: SectionServer<Row>["record"];
    create: (token: string, body: never) => Promise<{ id: number }>;
    update: (token: string, id: number, body: never) => Promise<{ id: number }>;
    remove: (token: string, id: number) => Promise<unknown>;
    exportCsv: SectionServer<Row>["exportCsv"];
  },
  formValues: (record: Row) => FormValues,
): SectionServer<Row> {
  return {
    list: api.list,
    record: api.record,
    remove: api.remove,
    bulk: async (token, { id }) => eachId(id, async (one) => api.remove(token, one)),
    exportCsv: api.exportCsv,
    form: {
      // The form's schema made the body (the upstream checks it again).
      create: async (token, value) => api.create(token, value as never),
      update: async (token, id, value) => api.update(token, id, value as never),
      formValues,
    },
  };
}
