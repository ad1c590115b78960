/**
 * The admin area's carriers (issue 22 §2.1; docs/upstream-api.md "Admin area: carriers"), mounted under /api/admin
 * behind requireSession and requireAdmin (app.ts): every carrier, active or not, with its carrier products, and per
 * carrier product its carrier resource (spec §3), which Contract Now and the Learning Center read
 * (contracting-queries.ts). An inactive carrier leaves both (productCarriers, the Learning Center's lists); its
 * contracts are untouched. The HTML fields are stored cleaned by the rules the portal displays with
 * (app/domain/html-rules.ts). Every write is audited (resource "carriers", the carrier's id).
 */
import type { InValue } from "@libsql/client";
import type { Express, Request, Response } from "express";
import type { Logger } from "pino";
import sanitizeHtml from "sanitize-html";
import type { z } from "zod";
import {
  type AdminCarrierProductSavedSchema,
  type AdminCarrierResponseSchema,
  type AdminCarriersResponseSchema,
  AdminCarrierPatchSchema,
  AdminCarrierResourcePatchSchema,
} from "../../../app/admin/sections/carriers/contract.server.ts";
import {
  type AdminCarrier,
  type AdminCarrierProductResource,
  CARRIER_RESOURCE_FIELDS,
  CARRIER_RESOURCE_HTML_FIELDS,
  type CarrierResourceFields,
} from "../../../app/admin/sections/carriers/records.ts";
import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_SCHEMES, HTML_ALLOWED_TAGS } from "../../../app/domain/html-rules.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { type AdminResponse, audit, changesOf, historyOf, refuseFields, streamCsv } from "../admin/admin-support.ts";
import type { ReferenceDb } from "../core/db.ts";
import { parseTableQuery, positiveInt, scalar, type TableQuery } from "../core/paging.ts";
import { QueryError, enumFilter, idFilter } from "../admin/list-support.ts";

export const notFound = (what: string, id: string) => `No ${what} with id ${id}`;

/** Rich text as it is stored: cleaned by the portal's display rules (links keep their href, nothing runs). */
export function cleanHtml(html: string | null): string | null {
  if (html == null) return null;
  const cleaned = sanitizeHtml(html, {
    allowedTags: [...HTML_ALLOWED_TAGS],
    allowedAttributes: { a: [...HTML_ALLOWED_ATTRIBUTES.a] },
    allowedSchemes: [...HTML_ALLOWED_SCHEMES],
    allowProtocolRelative: false,
  }).trim();
  // An editor's empty paragraph is no text.
  return cleaned.replace(/<p>(\s|<br\s*\/?>)*<\/p>/g, "").trim() === "" ? null : cleaned;
}

const SORTS = {
  name: ["c.name COLLATE NOCASE"],
  products: ["c.product_count"],
  activeContracts: ["c.active_contracts"],
  updatedAt: ["COALESCE(c.updated_at, '')"],
} as const;

const FROM = `(SELECT c.*,
    (SELECT COUNT(*) FROM carrier_products cp WHERE cp.carrier_id = c.id) AS product_count,
    (SELECT COUNT(*) FROM contracting_entries e JOIN carrier_products cp ON cp.id = e.carrier_product_id
      WHERE cp.carrier_id = c.id AND e.status = 'active') AS active_contracts
  FROM carriers c) c`;

function whereSql(where: string[]): string {
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

function carrierQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push("instr(lower(c.name), lower(?)) > 0");
    args.push(q.search);
  }
  const active = enumFilter(source, "active", ["active", "inactive"] as const);
  if (active) where.push(active === "active" ? "c.active = 1" : "c.active = 0");
  const productId = idFilter(source, "productId");
  if (productId != null) {
    where.push("EXISTS (SELECT 1 FROM carrier_products cp WHERE cp.carrier_id = c.id AND cp.product_id = ?)");
    args.push(productId);
  }
  return { q, where, args };
}

function orderBy(q: TableQuery<keyof typeof SORTS>): string {
  const columns = q.sort ? [...SORTS[q.sort], "c.id"] : ["c.name COLLATE NOCASE", "c.id"];
  return columns.map((c) => `${c} ${q.sort ? q.order : "ASC"}`).join(", ");
}

/** The carriers of `rows` with their products (one query for all). */
async function carriersOf(db: ReferenceDb, rows: Record<string, unknown>[]): Promise<AdminCarrier[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const products = await db.client.execute({
    sql: `SELECT cp.id, cp.carrier_id, cp.product_id, p.name AS product_name,
            (SELECT COUNT(*) FROM contracting_entries e WHERE e.carrier_product_id = cp.id AND e.status = 'active')
              AS active_contracts
          FROM carrier_products cp JOIN products p ON p.id = cp.product_id
          WHERE cp.carrier_id IN (${ids.map(() => "?").join(", ")}) ORDER BY p.position, cp.id`,
    args: ids,
  });
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    active: Number(r.active) === 1,
    products: products.rows
      .filter((p) => Number(p.carrier_id) === Number(r.id))
      .map((p) => ({
        carrierProductId: Number(p.id),
        productId: Number(p.product_id),
        productName: String(p.product_name),
        activeContracts: Number(p.active_contracts),
      })),
    activeContracts: Number(r.active_contracts),
    updatedAt: r.updated_at == null ? null : String(r.updated_at),
  }));
}

export async function findCarrier(db: ReferenceDb, id: number): Promise<AdminCarrier | null> {
  const found = await db.client.execute({ sql: `SELECT * FROM ${FROM} WHERE c.id = ?`, args: [id] });
  return (await carriersOf(db, found.rows))[0] ?? null;
}

const EMPTY_RESOURCE = Object.fromEntries(CARRIER_RESOURCE_FIELDS.map((f) => [f, null])) as CarrierResourceFields;

/** A carrier's products with their resources (the fields of spec §3; a product without one: every field null). */
async function productResources(db: ReferenceDb, carrier: AdminCarrier): Promise<AdminCarrierProductResource[]> {
  if (carrier.products.length === 0) return [];
  const ids = carrier.products.map((p) => p.carrierProductId);
  const stored = await db.client.execute({
    sql: `SELECT carrier_product_id, data FROM carrier_resources
          WHERE carrier_product_id IN (${ids.map(() => "?").join(", ")})`,
    args: ids,
  });
  const byProduct = new Map(stored.rows.map((r) => [Number(r.carrier_product_id), String(r.data)]));
  return carrier.products.map((p) => {
    const raw = byProduct.get(p.carrierProductId);
    const data = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const resource = { ...EMPTY_RESOURCE };
    for (const field of CARRIER_RESOURCE_FIELDS) {
      const value = data[field];
      resource[field] = typeof value === "string" ? value : null;
    }
    return { ...p, resource };
  });
}

export function registerAdminCarrierRoutes(app: Express, { db, logger }: { db: ReferenceDb; logger: Logger }): void {
  const fail = (res: Response, status: number, error: string) => res.status(status).json({ error });

  const readQuery = (req: Request, res: Response) => {
    try {
      return carrierQuery(req.query as Record<string, unknown>);
    } catch (error) {
      if (error instanceof QueryError) {
        fail(res, 422, error.message);
        return null;
      }
      throw error;
    }
  };

  const idParam = (raw: unknown, res: Response, what: string): number | null => {
    const id = positiveInt(scalar(raw));
    if (id == null) fail(res, 404, notFound(what, String(raw)));
    return id;
  };

  const zodFields = (error: z.ZodError): Record<string, string[]> => {
    const fields: Record<string, string[]> = {};
    for (const issue of error.issues)
      (fields[issue.path.length ? String(issue.path[0]) : "body"] ??= []).push(issue.message);
    return fields;
  };

  app.get("/api/admin/carriers", async (req, res) => {
    const parsed = readQuery(req, res);
    if (!parsed) return;
    const { q, where, args } = parsed;
    const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n FROM ${FROM} ${whereSql(where)}`, args });
    const meta = pagingMeta(q, Number(counted.rows[0]?.n ?? 0));
    const [rows, products] = await Promise.all([
      db.client.execute({
        sql: `SELECT * FROM ${FROM} ${whereSql(where)} ORDER BY ${orderBy(q)} LIMIT ? OFFSET ?`,
        args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
      }),
      db.client.execute("SELECT id, name FROM products ORDER BY position, id"),
    ]);
    const body: z.infer<typeof AdminCarriersResponseSchema> = {
      records: await carriersOf(db, rows.rows),
      meta,
      facets: {
        active: [
          { value: "active", label: "Active" },
          { value: "inactive", label: "Inactive" },
        ],
        productId: products.rows.map((r) => ({ value: String(Number(r.id)), label: String(r.name) })),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/carriers/export", async (req, res) => {
    const parsed = readQuery(req, res);
    if (!parsed) return;
    const { q, where, args } = parsed;
    const products = await db.client.execute(
      `SELECT cp.carrier_id, p.name FROM carrier_products cp JOIN products p ON p.id = cp.product_id
       ORDER BY p.position, cp.id`,
    );
    const namesOf = (carrierId: number) =>
      products.rows
        .filter((r) => Number(r.carrier_id) === carrierId)
        .map((r) => String(r.name))
        .join("; ");
    await streamCsv(
      res,
      db,
      "carriers.csv",
      ["Id", "Carrier", "Status", "Products", "Active contracts", "Updated"],
      { sql: `SELECT * FROM ${FROM} ${whereSql(where)} ORDER BY ${orderBy(q)}`, args },
      (r) => [
        Number(r.id),
        String(r.name),
        Number(r.active) === 1 ? "Active" : "Inactive",
        namesOf(Number(r.id)),
        Number(r.active_contracts),
        r.updated_at == null ? "" : String(r.updated_at),
      ],
    );
  });

  app.get("/api/admin/carriers/:id", async (req, res) => {
    const id = idParam(req.params.id, res, "carrier");
    if (id == null) return;
    const record = await findCarrier(db, id);
    if (!record) return fail(res, 404, notFound("carrier", String(id)));
    const body: z.infer<typeof AdminCarrierResponseSchema> = {
      record,
      products: await productResources(db, record),
      history: await historyOf(db, "carriers", id),
    };
    res.json(body);
  });

  app.patch("/api/admin/carriers/:id", async (req, res: AdminResponse) => {
    const id = idParam(req.params.id, res, "carrier");
    if (id == null) return;
    const parsed = AdminCarrierPatchSchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const patch = parsed.data;
    const outcome = await db.exclusive(async () => {
      const before = await findCarrier(db, id);
      if (!before) return null;
      const beforeView = { name: before.name, active: before.active };
      const after = { ...beforeView, ...patch };
      const changes = changesOf(beforeView, after, ["name", "active"]);
      if (changes.length === 0) return before;
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: "UPDATE carriers SET name = ?, active = ?, updated_at = ? WHERE id = ?",
            args: [after.name, after.active ? 1 : 0, at, id],
          },
          audit(res.locals.session, { resource: "carriers", recordId: id, action: "updated", changes, at }),
        ],
        "write",
      );
      return (await findCarrier(db, id))!;
    });
    if (!outcome) return fail(res, 404, notFound("carrier", String(id)));
    logger.info({ carrierId: id }, "admin updated a carrier");
    res.json({ record: outcome });
  });

  app.patch("/api/admin/carriers/:id/products/:carrierProductId", async (req, res: AdminResponse) => {
    const id = idParam(req.params.id, res, "carrier");
    if (id == null) return;
    const carrierProductId = idParam(req.params.carrierProductId, res, "carrier product");
    if (carrierProductId == null) return;
    const parsed = AdminCarrierResourcePatchSchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const patch: Partial<CarrierResourceFields> = { ...parsed.data };
    for (const field of CARRIER_RESOURCE_HTML_FIELDS) {
      if (field in patch) patch[field] = cleanHtml(patch[field] ?? null);
    }
    type Outcome = { missing: string } | { saved: z.infer<typeof AdminCarrierProductSavedSchema> };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const carrier = await findCarrier(db, id);
      if (!carrier) return { missing: notFound("carrier", String(id)) };
      const product = carrier.products.find((p) => p.carrierProductId === carrierProductId);
      if (!product) return { missing: notFound("carrier product of this carrier", String(carrierProductId)) };
      const before = (await productResources(db, carrier)).find((p) => p.carrierProductId === carrierProductId)!;
      const after = { ...before.resource, ...patch };
      const changes = changesOf(before.resource, after, CARRIER_RESOURCE_FIELDS).map((c) => ({
        ...c,
        field: `${product.productName}: ${c.field}`,
      }));
      if (changes.length > 0) {
        const at = new Date().toISOString();
        const existing = await db.client.execute({
          sql: "SELECT id, data FROM carrier_resources WHERE carrier_product_id = ?",
          args: [carrierProductId],
        });
        const row = existing.rows[0];
        const data = { ...(row ? (JSON.parse(String(row.data)) as object) : {}), ...after };
        const nextId = row
          ? Number(row.id)
          : Number(
              (await db.client.execute("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM carrier_resources")).rows[0]!.id,
            );
        await db.client.batch(
          [
            {
              sql: `INSERT INTO carrier_resources (id, carrier_product_id, data) VALUES (?, ?, ?)
                    ON CONFLICT (carrier_product_id) DO UPDATE SET data = excluded.data`,
              args: [nextId, carrierProductId, JSON.stringify({ ...data, id: nextId, carrierProductId })],
            },
            { sql: "UPDATE carriers SET updated_at = ? WHERE id = ?", args: [at, id] },
            audit(res.locals.session, { resource: "carriers", recordId: id, action: "updated", changes, at }),
          ],
          "write",
        );
      }
      const record = (await findCarrier(db, id))!;
      const saved = (await productResources(db, record)).find((p) => p.carrierProductId === carrierProductId)!;
      return { saved: { record, product: saved } };
    });
    if ("missing" in outcome) return fail(res, 404, outcome.missing);
    logger.info({ carrierId: id, carrierProductId }, "admin updated a carrier resource");
    res.json(outcome.saved);
  });
}
