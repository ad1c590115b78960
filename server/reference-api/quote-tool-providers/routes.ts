/**
 * Quote tool providers (issue 22 §2.4; docs/upstream-api.md "Quote tool providers"): /api/admin/quote_tool_providers,
 * the administrators' list, record, create, update, delete and CSV export (mounted behind requireAdmin by app.ts),
 * every write in the admin audit. The secret is write-only: no answer, export, audit entry or log line carries it
 * (the audit says "secret replaced").
 */
import type { InValue } from "@libsql/client";
import type { Express } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  AdminQuoteToolProviderBodySchema,
  type AdminQuoteToolProviderResponseSchema,
  type AdminQuoteToolProvidersResponseSchema,
} from "../../../app/admin/sections/quote_tool_providers/contract.server.ts";
import type { AdminQuoteToolProvider } from "../../../app/admin/sections/quote_tool_providers/records.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { ROLES } from "../../../app/domain/user.ts";
import { type AdminResponse, audit, changesOf, historyOf, refuseFields, streamCsv } from "../admin/admin-support.ts";
import type { ReferenceDb } from "../core/db.ts";
import { parseTableQuery, type TableQuery } from "../core/paging.ts";
import {
  bodyObject,
  enumFilter,
  fail,
  idParam,
  nextId,
  notFound,
  orderBy,
  pageOf,
  readQuery,
  whereSql,
  zodFields,
  NOT_AN_OBJECT,
} from "../admin/list-support.ts";
import { PROVIDER_COLUMNS, findProvider, providerFromRow } from "./queries.ts";

export const NAME_TAKEN = "A provider with this name exists.";
export const LAST_ENABLED =
  "This is the only enabled provider: deleting it turns the quote tool off. Disable it first if that is what you want.";

const SORTS = {
  name: ["p.name COLLATE NOCASE"],
  enabled: ["p.enabled"],
  updatedAt: ["p.updated_at"],
} as const;

/** The fields of a provider an audit entry compares (the secret: only that it changed). */
const FIELDS = ["name", "signOnUrl", "testSiteUrl", "roles", "enabled"] as const;

type Body = z.infer<typeof AdminQuoteToolProviderBodySchema>;
type View = Omit<Body, "secret">;

function auditView(p: AdminQuoteToolProvider): View {
  return { name: p.name, signOnUrl: p.signOnUrl, testSiteUrl: p.testSiteUrl, roles: p.roles, enabled: p.enabled };
}

function listQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push("(instr(lower(p.name), lower(?)) > 0 OR instr(lower(p.sign_on_url), lower(?)) > 0)");
    args.push(q.search, q.search);
  }
  const enabled = enumFilter(source, "enabled", ["yes", "no"] as const);
  if (enabled != null) {
    where.push("p.enabled = ?");
    args.push(enabled === "yes" ? 1 : 0);
  }
  const role = enumFilter(source, "role", ROLES);
  if (role != null) {
    where.push("EXISTS (SELECT 1 FROM json_each(p.roles) r WHERE r.value = ?)");
    args.push(role);
  }
  const from = `SELECT ${PROVIDER_COLUMNS} FROM quote_tool_providers p ${whereSql(where)}`;
  return {
    q,
    count: `SELECT COUNT(*) AS n FROM quote_tool_providers p ${whereSql(where)}`,
    rows: `${from} ORDER BY ${orderBy(q as TableQuery<keyof typeof SORTS>, SORTS, "p.id")}`,
    args,
  };
}

export function registerQuoteToolProviderRoutes(app: Express, { db, logger }: { db: ReferenceDb; logger: Logger }) {
  const nameTaken = async (name: string, exceptId: number | null) => {
    const found = await db.client.execute({
      sql: "SELECT 1 FROM quote_tool_providers WHERE lower(name) = lower(?) AND id IS NOT ?",
      args: [name, exceptId],
    });
    return found.rows.length > 0;
  };

  /** What the audit says of a write: the fields changed, and "secret replaced" without the secret. */
  const changesWith = (before: Partial<View>, after: View, secret: string | null | undefined) => {
    const changes = changesOf(before, { ...after, roles: [...new Set(after.roles)] }, FIELDS);
    if (typeof secret === "string") changes.push({ field: "secret", from: null, to: "replaced" });
    return changes;
  };

  app.get("/api/admin/quote_tool_providers", async (req, res) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const { rows } = await pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage);
    const body: z.infer<typeof AdminQuoteToolProvidersResponseSchema> = {
      records: rows.map((r) => providerFromRow(r)),
      meta,
      facets: {
        enabled: [
          { value: "yes", label: "Enabled" },
          { value: "no", label: "Disabled" },
        ],
        role: ROLES.map((value) => ({ value, label: value })),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/quote_tool_providers/export", async (req, res) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    await streamCsv(
      res,
      db,
      "quote_tool_providers.csv",
      ["Id", "Name", "Sign-on address", "Test site address", "Roles", "Enabled", "Secret set", "Updated"],
      { sql: parsed.rows, args: parsed.args },
      (row) => {
        const p = providerFromRow(row);
        return [
          p.id,
          p.name,
          p.signOnUrl,
          p.testSiteUrl ?? "",
          p.roles.join(" "),
          p.enabled ? "yes" : "no",
          p.hasSecret ? "yes" : "no",
          p.updatedAt,
        ];
      },
    );
  });

  app.get("/api/admin/quote_tool_providers/:id", async (req, res) => {
    const id = idParam(req, res, "quote tool provider");
    if (id == null) return;
    const record = await findProvider(db, id);
    if (!record) return fail(res, 404, notFound("quote tool provider", String(id)));
    const body: z.infer<typeof AdminQuoteToolProviderResponseSchema> = {
      record,
      history: await historyOf(db, "quote_tool_providers", id),
    };
    res.json(body);
  });

  app.post("/api/admin/quote_tool_providers", async (req, res: AdminResponse) => {
    const parsed = AdminQuoteToolProviderBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const { secret, ...b } = parsed.data;
    type Outcome = { fields: Record<string, string[]> } | { record: AdminQuoteToolProvider };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      if (await nameTaken(b.name, null)) return { fields: { name: [NAME_TAKEN] } };
      const id = await nextId(db, "quote_tool_providers");
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: `INSERT INTO quote_tool_providers (id, name, sign_on_url, test_site_url, roles, enabled, secret, updated_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [
              id,
              b.name,
              b.signOnUrl,
              b.testSiteUrl,
              JSON.stringify([...new Set(b.roles)]),
              b.enabled ? 1 : 0,
              secret ?? null,
              at,
            ],
          },
          audit(res.locals.session, {
            resource: "quote_tool_providers",
            recordId: id,
            action: "created",
            changes: changesWith({}, b, secret),
            at,
          }),
        ],
        "write",
      );
      return { record: (await findProvider(db, id))! };
    });
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ providerId: outcome.record.id }, "admin created a quote tool provider");
    res.status(201).json({ record: outcome.record });
  });

  app.patch("/api/admin/quote_tool_providers/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "quote tool provider");
    if (id == null) return;
    if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body))
      return refuseFields(res, { body: [NOT_AN_OBJECT] });
    type Outcome = { missing: true } | { fields: Record<string, string[]> } | { record: AdminQuoteToolProvider };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findProvider(db, id);
      if (!before) return { missing: true };
      const beforeView = auditView(before);
      // A PATCH is any part of the body: the rest stays as it is, and the whole is checked.
      const parsed = AdminQuoteToolProviderBodySchema.safeParse({ ...beforeView, ...bodyObject(req) });
      if (!parsed.success) return { fields: zodFields(parsed.error) };
      const { secret, ...after } = parsed.data;
      const changes = changesWith(beforeView, after, secret);
      if (changes.length === 0) return { record: before };
      if (await nameTaken(after.name, id)) return { fields: { name: [NAME_TAKEN] } };
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: `UPDATE quote_tool_providers SET name = ?, sign_on_url = ?, test_site_url = ?, roles = ?, enabled = ?,
                    secret = COALESCE(?, secret), updated_at = ? WHERE id = ?`,
            args: [
              after.name,
              after.signOnUrl,
              after.testSiteUrl,
              JSON.stringify([...new Set(after.roles)]),
              after.enabled ? 1 : 0,
              secret ?? null,
              at,
              id,
            ],
          },
          audit(res.locals.session, { resource: "quote_tool_providers", recordId: id, action: "updated", changes, at }),
        ],
        "write",
      );
      return { record: (await findProvider(db, id))! };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("quote tool provider", String(id)));
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ providerId: id }, "admin updated a quote tool provider");
    res.json({ record: outcome.record });
  });

  app.delete("/api/admin/quote_tool_providers/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "quote tool provider");
    if (id == null) return;
    type Outcome = { missing: true } | { conflict: string } | { deleted: true };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findProvider(db, id);
      if (!before) return { missing: true };
      if (before.enabled) {
        const others = await db.client.execute({
          sql: "SELECT COUNT(*) AS n FROM quote_tool_providers WHERE enabled = 1 AND id <> ?",
          args: [id],
        });
        if (Number(others.rows[0]?.n ?? 0) === 0) return { conflict: LAST_ENABLED };
      }
      const view = auditView(before);
      await db.client.batch(
        [
          { sql: "DELETE FROM quote_tool_providers WHERE id = ?", args: [id] },
          audit(res.locals.session, {
            resource: "quote_tool_providers",
            recordId: id,
            action: "deleted",
            changes: changesOf(view, Object.fromEntries(Object.keys(view).map((k) => [k, null]))),
          }),
        ],
        "write",
      );
      return { deleted: true };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("quote tool provider", String(id)));
    if ("conflict" in outcome) return fail(res, 409, outcome.conflict);
    logger.info({ providerId: id }, "admin deleted a quote tool provider");
    res.status(204).end();
  });
}
