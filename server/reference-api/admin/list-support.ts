/**
 * What the admin areas' lists and writes share (issue 22): a list's filters checked (a malformed one → 422), its
 * ORDER BY, one page of rows, a zod refusal as fields, the :id of a path, a body that must be an object.
 */
import type { InValue } from "@libsql/client";
import type { Request, Response } from "express";
import type { z } from "zod";
import type { ReferenceDb } from "../core/db.ts";
import { positiveInt, scalar, type TableQuery } from "../core/paging.ts";

export class QueryError extends Error {}

export const NOT_AN_OBJECT = "The body must be a JSON object.";

export function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

export const notFound = (what: string, id: string) => `No ${what} with id ${id}`;

/** A list's query parsed by `parse`, or null after answering 422 for a malformed filter. */
export function readQuery<T>(req: Request, res: Response, parse: (source: Record<string, unknown>) => T): T | null {
  try {
    return parse(req.query as Record<string, unknown>);
  } catch (error) {
    if (error instanceof QueryError) {
      fail(res, 422, error.message);
      return null;
    }
    throw error;
  }
}

/** The :id of a path, or null after answering 404. */
export function idParam(req: Request, res: Response, what: string): number | null {
  const raw = String(req.params.id);
  const id = positiveInt(raw);
  if (id == null) fail(res, 404, notFound(what, raw));
  return id;
}

/** An id filter of a list's query: absent → null; malformed → QueryError. */
export function idFilter(source: Record<string, unknown>, name: string): number | null {
  const raw = scalar(source[name]);
  if (raw === undefined || raw === "") return null;
  const id = positiveInt(raw);
  if (id == null) throw new QueryError(`${name} must be a positive integer`);
  return id;
}

export function enumFilter<T extends string>(
  source: Record<string, unknown>,
  name: string,
  values: readonly T[],
): T | null {
  const raw = scalar(source[name]);
  if (raw === undefined || raw === "") return null;
  const found = values.find((v) => v === raw);
  if (!found) throw new QueryError(`${name} must be one of ${values.join(", ")}`);
  return found;
}

export function whereSql(where: string[]): string {
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

/** ORDER BY of a list: the sort's columns, then id, all in the asked order. */
export function orderBy<S extends string>(
  q: TableQuery<S>,
  sorts: Readonly<Record<S, readonly string[]>>,
  id: string,
): string {
  const columns = q.sort ? [...sorts[q.sort], id] : [id];
  return columns.map((c) => `${c} ${q.order}`).join(", ");
}

/** One page of a list's rows and its total. */
export async function pageOf(
  db: ReferenceDb,
  sql: { count: string; rows: string; args: InValue[] },
  perPage: number,
  offset: number,
) {
  const [counted, rows] = await Promise.all([
    db.client.execute({ sql: sql.count, args: sql.args }),
    db.client.execute({ sql: `${sql.rows} LIMIT ? OFFSET ?`, args: [...sql.args, perPage, offset] }),
  ]);
  return { total: Number(counted.rows[0]?.n ?? 0), rows: rows.rows };
}

/** A zod refusal as `{ field: [messages] }` (the body's field names; a body that is not an object: `body`). */
export function zodFields(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "body";
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

/** A request's JSON body as an object (anything else: an empty one, which the schema refuses). */
export function bodyObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The next id of a table (call inside exclusive(), where every insert of the table runs). */
export async function nextId(db: ReferenceDb, table: string): Promise<number> {
  const found = await db.client.execute(`SELECT COALESCE(MAX(id), 0) + 1 AS id FROM ${table}`);
  return Number(found.rows[0]!.id);
}
