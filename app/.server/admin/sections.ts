/**
 * The admin sections' server half (issue 14, ADR 024): for each section, its upstream calls and how a record
 * becomes the form's values. With the shape (app/domain/admin/shapes.ts) and the view
 * (app/components/admin/section-views.tsx) it is the whole section: the list / new / edit / export route modules
 * (app/routes/admin.section*.tsx) are shared.
 */
import type {
  AdminContractRequest,
  AdminRole,
  AdminRtsStatus,
  AdminUser,
  AuditEntry,
  Facet,
} from "~/domain/admin/records";
import { SERVICE_NOT_ANSWERING } from "../form-failure";
import { endsSession, upstreamErrorOf } from "../upstream-failure";
import type { $ZodType } from "zod/v4/core";
import { bulkRoleSchema, bulkTransitionSchema } from "~/domain/admin/forms";
import { notFound } from "./guard";
import { ADMIN_SECTIONS } from "~/domain/admin/sections";
import { type SectionKey, isSectionKey } from "~/domain/admin/shapes";
import { formatPhone } from "~/domain/masks";
import {
  adminCreate,
  adminDelete,
  adminExport,
  adminList,
  adminRecord,
  adminUpdate,
  bulkTransitionContractRequests,
  contractRequest,
  contractRequests,
  sendPasswordReset,
} from "../upstream/admin";
import type { PagingMeta } from "~/domain/table";
import { server as emailCommunications } from "~/admin/sections/email_communications/section.server";

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
  ): Promise<{ records: Row[]; meta: PagingMeta; facets: Record<string, Facet> }>;
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

const on = (value: boolean) => (value ? "on" : undefined);
const text = (value: string | number | null | undefined) => (value == null ? "" : String(value));

const users: SectionServer<AdminUser> = {
  list: (token, params) => adminList(token, "users", params),
  // Not the phone, the agency's id, the upline, the flags nor the last change: the record page shows those.
  listRow: (u) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    npnNumber: u.npnNumber,
    status: u.status,
    role: { name: u.role.name, kind: u.role.kind },
    hierarchy: { agency: u.hierarchy.agency },
    lastSignInAt: u.lastSignInAt,
    licenses: u.licenses,
    appointments: u.appointments,
    createdAt: u.createdAt,
  }),
  record: (token, id) => adminRecord(token, "users", id),
  form: {
    create: (token, value) => adminCreate(token, "users", value as Parameters<typeof adminCreate<"users">>[2]),
    update: (token, id, value) => {
      // Only an active or disabled account's status is the administrator's to set.
      const { status, ...rest } = value as Parameters<typeof adminUpdate<"users">>[3] & { status?: string };
      const body = status === "active" || status === "disabled" ? { ...rest, status } : rest;
      return adminUpdate(token, "users", id, body);
    },
    formValues: (u) => ({
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone ? formatPhone(u.phone) : "",
      npnNumber: text(u.npnNumber),
      roleId: String(u.role.id),
      agencyId: text(u.agency?.id),
      sunfireAccess: on(u.sunfireAccess),
      loa: on(u.loa),
      skipOnboardingWithContracts: on(u.skipOnboardingWithContracts),
      status: u.status,
    }),
  },
  bulk: (token, { id }) => eachId(id, (one) => adminUpdate(token, "users", one, { status: "disabled" })),
  // Each user is changed by the upstream as from their form: checked (a pending account cannot be enabled, nor the
  // caller's own role changed) and written in the user's history.
  bulkMore: {
    enable: {
      run: (token, { id }) => eachId(id, (one) => adminUpdate(token, "users", one, { status: "active" })),
    },
    role: {
      schema: bulkRoleSchema,
      run: (token, value) => {
        const { id, roleId } = value as { id: number[]; roleId: number };
        return eachId(id, (one) => adminUpdate(token, "users", one, { roleId }));
      },
    },
  },
  exportCsv: (token, params) => adminExport(token, "users", params),
  intents: {
    password_reset: async (token, u) => {
      const { sent } = await sendPasswordReset(token, u.id);
      return sent === "activation"
        ? `A new activation link was sent to ${u.email}`
        : `A password reset link was sent to ${u.email}`;
    },
  },
};

const roles: SectionServer<AdminRole> = {
  list: (token, params) => adminList(token, "roles", params),
  record: (token, id) => adminRecord(token, "roles", id),
  remove: (token, id) => adminDelete(token, "roles", id),
  bulk: (token, { id }) => eachId(id, (one) => adminDelete(token, "roles", one)),
  exportCsv: (token, params) => adminExport(token, "roles", params),
  form: {
    create: (token, value) => adminCreate(token, "roles", value as Parameters<typeof adminCreate<"roles">>[2]),
    update: (token, id, value) => adminUpdate(token, "roles", id, value as Parameters<typeof adminUpdate<"roles">>[3]),
    formValues: (r) => ({
      name: r.name,
      kind: r.kind,
      description: r.description,
      roleHasOnboardingProcess: on(r.roleHasOnboardingProcess),
      roleHasShowAchInfo: on(r.roleHasShowAchInfo),
      roleHasOptoutProcess: on(r.roleHasOptoutProcess),
      roleRequiresSsnOrTin: on(r.roleRequiresSsnOrTin),
    }),
  },
};

const rtsStatuses: SectionServer<AdminRtsStatus> = {
  list: (token, params) => adminList(token, "rts_statuses", params),
  record: (token, id) => adminRecord(token, "rts_statuses", id),
  remove: (token, id) => adminDelete(token, "rts_statuses", id),
  bulk: (token, { id }) => eachId(id, (one) => adminDelete(token, "rts_statuses", one)),
  exportCsv: (token, params) => adminExport(token, "rts_statuses", params),
  form: {
    create: (token, value) =>
      adminCreate(token, "rts_statuses", value as Parameters<typeof adminCreate<"rts_statuses">>[2]),
    update: (token, id, value) =>
      adminUpdate(token, "rts_statuses", id, value as Parameters<typeof adminUpdate<"rts_statuses">>[3]),
    formValues: (s) => ({
      statusCode: s.statusCode,
      statusTitle: s.statusTitle,
      displayStatus: s.displayStatus,
      tone: s.tone,
      description: s.description,
      carrierId: text(s.carrier?.id),
    }),
  },
};

/** The contracting desk: the queue's list and export, and its bulk move (one upstream call for every row). */
const contracting: SectionServer<AdminContractRequest> = {
  bulkSchema: bulkTransitionSchema,
  list: (token, params) => contractRequests(token, params),
  // Not the time in each state, the notes, the writing number nor the ids: the review page shows those.
  listRow: (r) => ({
    id: r.id,
    broker: { id: r.broker.id, name: r.broker.name },
    carrierName: r.carrierName,
    productName: r.productName,
    state: r.state,
    ballWith: r.ballWith,
    waitingDays: r.waitingDays,
    requestedAt: r.requestedAt,
  }),
  record: async (token, id) => {
    const found = await contractRequest(token, id);
    return { record: found.record, history: found.history };
  },
  bulk: async (token, value) => {
    const v = value as {
      id: number[];
      state: "approved" | "denied" | "pending";
      publicNote: string | null;
      internalNote: string | null;
    };
    const outcome = await bulkTransitionContractRequests(token, {
      ids: v.id,
      state: v.state,
      publicNote: v.publicNote,
      internalNote: v.internalNote,
    });
    return { done: outcome.moved.length, refusals: outcome.refused.map((r) => `Request ${r.id}: ${r.error}`) };
  },
  exportCsv: (token, params) => adminExport(token, "contract_requests", params),
};

/**
 * A bulk action made of one upstream call per row, started together: how many were done, and the upstream's
 * reasons for the others. A 401 ends the session as anywhere else (thrown); a fault that is not the upstream's
 * answer is thrown too.
 */
async function eachId(ids: number[], act: (id: number) => Promise<unknown>): Promise<BulkOutcome> {
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

export const SECTION_SERVERS: { [K in SectionKey]: SectionServer<{ id: number }> } = {
  users: users as unknown as SectionServer<{ id: number }>,
  roles: roles as unknown as SectionServer<{ id: number }>,
  rts_statuses: rtsStatuses as unknown as SectionServer<{ id: number }>,
  contracting: contracting as unknown as SectionServer<{ id: number }>,
  email_communications: emailCommunications as unknown as SectionServer<{ id: number }>,
};

/** The section a URL names, or the 404 page (an unknown section, or one not built yet). */
export function sectionOr404(raw: string | undefined): SectionKey {
  if (isSectionKey(raw) && ADMIN_SECTIONS.some((s) => s.key === raw && s.built)) return raw;
  return notFound();
}
