/**
 * Helpers shared by the reference API's vitest files: a temporary database, a quiet API on a free
 * port, an HTTP client with a per-file login cache, and the `{ error }` body checks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Client, createClient } from "@libsql/client";
import pino from "pino";
import { expect } from "vitest";
import { z } from "zod";
import { LoginResponseSchema } from "../../../app/.server/upstream/schemas/session.ts";
import { STALE_REASON, STALE_RECORD } from "../../../app/domain/record-version.ts";
import { type ReferenceApiOptions, startReferenceApi } from "../index.ts";
import { DEMO_PASSWORD } from "../accounts/seed.ts";
import { seedDates } from "../seed/seed-dates.ts";

/** The error body of docs/upstream-api.md: `{ error }` and nothing else. */
export const ErrorSchema = z.strictObject({ error: z.string() });

/** A fresh temporary directory (`prefix` + random suffix) and the database path inside it. */
export function tempDbPath(prefix: string, relativePath = "api.db") {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, dbPath: join(dir, relativePath), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const silentLogger = pino({ level: "silent" });

/**
 * The seed calendar of the test APIs: today's, taken once per test file, so a run across midnight (UTC)
 * still sees the dates its assertions compute from testSeed.
 */
export const testSeed = seedDates();

/** The portal base URL the test APIs' e-mails link to. */
export const TEST_PORTAL_URL = "https://portal.test";

/** The reference API on a free port, silent, with `/__reset` allowed, seeded as of testSeed's day. */
export const startTestApi = async (dbPath: string, options: Partial<ReferenceApiOptions> = {}) =>
  startReferenceApi({
    dbPath,
    port: 0,
    allowReset: true,
    logger: silentLogger,
    seedDay: testSeed.day,
    portalUrl: TEST_PORTAL_URL,
    ...options,
  });

/** An e-mail as GET /__outbox answers it. */
export const OutboxEmailSchema = z.strictObject({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.iso.datetime(),
  links: z.array(z.string()),
});
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;

/** The outbox's e-mails (to `to`, when given), newest first, once the API's work after its answers is done. */
export async function outboxOf(apiUrl: string, to?: string, limit = 20): Promise<OutboxEmail[]> {
  const query = new URLSearchParams({ limit: String(limit), ...(to ? { to } : {}) });
  const response = await fetch(`${apiUrl}/__outbox?${query}`);
  expect(response.status).toBe(200);
  return z.strictObject({ emails: z.array(OutboxEmailSchema) }).parse(await response.json()).emails;
}

/** The newest link in the e-mails to `to` that starts with TEST_PORTAL_URL + `prefix`, and its last segment. */
export async function latestLink(apiUrl: string, to: string, prefix: string) {
  for (const mail of await outboxOf(apiUrl, to)) {
    const link = mail.links.find((l) => l.startsWith(`${TEST_PORTAL_URL}${prefix}`));
    if (link) return { link, token: link.slice(link.lastIndexOf("/") + 1), mail };
  }
  throw new Error(`no e-mail to ${to} links to ${prefix}`);
}

/** A second connection to a test API's database file (to look at what is stored, or to move a date). */
export function sqlite(dbPath: string): Client {
  return createClient({ url: pathToFileURL(dbPath).href });
}

export interface Sent {
  token?: string;
  /** Sent as `application/json`. */
  json?: unknown;
  /** A raw `application/json` body (wins over `json`), for malformed bodies. */
  raw?: string;
  form?: FormData;
  headers?: Record<string, string>;
}

export interface TestClientOptions {
  /** Parse the body only when the response says `application/json` (by default: any non-empty body). */
  jsonContentTypeOnly?: boolean;
  /** Sees every response body as text. */
  onBody?: (text: string) => void;
}

export function testClient(url: () => string, options: TestClientOptions = {}) {
  async function send(method: string, path: string, { token, json, raw, form, headers: extra }: Sent = {}) {
    const headers: Record<string, string> = { accept: "application/json", ...extra };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | FormData | undefined = form;
    if (raw !== undefined || json !== undefined) {
      headers["content-type"] = "application/json";
      body = raw ?? JSON.stringify(json);
    }
    const response = await fetch(`${url()}${path}`, { method, headers, body });
    const text = await response.text();
    options.onBody?.(text);
    const isJson = !options.jsonContentTypeOnly || response.headers.get("content-type")?.startsWith("application/json");
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: text && isJson ? (JSON.parse(text) as unknown) : undefined,
    };
  }

  /** `send`, expecting `status`, and the body parsed with `schema`. */
  async function ok<S extends z.ZodType>(schema: S, method: string, path: string, sent: Sent = {}, status = 200) {
    const response = await send(method, path, sent);
    expect(response.status, `${method} ${path}: ${response.text}`).toBe(status);
    return schema.parse(response.json);
  }

  const tokens = new Map<string, string>();
  /** The token of a demo account, signed in once per client. */
  async function tokenOf(email: string): Promise<string> {
    let token = tokens.get(email);
    if (!token) {
      const response = await send("POST", "/api/login", { json: { email, password: DEMO_PASSWORD } });
      token = LoginResponseSchema.parse(response.json).token;
      tokens.set(email, token);
    }
    return token;
  }

  return { send, ok, tokenOf };
}

/** The 409 of a decision on a version the record no longer has (issue 35 §2): exactly `{ error, reason: "stale" }`. */
export function expectStale(response: { status: number; json: unknown }) {
  expect(response.status, JSON.stringify(response.json)).toBe(409);
  expect(response.json).toEqual({ error: STALE_RECORD, reason: STALE_REASON });
}

/** The response has `status` and a strict `{ error }` body (with exactly `error`, when given). */
export function expectError(response: { status: number; json: unknown }, status: number, error?: string) {
  expect(response.status, JSON.stringify(response.json)).toBe(status);
  const parsed = ErrorSchema.parse(response.json);
  if (error !== undefined) expect(parsed.error).toBe(error);
}

/** The response is a token refusal: `status` and exactly `{ error, reason }`. */
export function expectTokenRefusal(
  response: { status: number; json: unknown },
  status: 404 | 410,
  reason: "invalid" | "used" | "expired",
) {
  expect(response.status, JSON.stringify(response.json)).toBe(status);
  const parsed = z.strictObject({ error: z.string().min(1), reason: z.string() }).parse(response.json);
  expect(parsed.reason).toBe(reason);
  return parsed.error;
}

/** A 422 of the account endpoints: exactly `{ error, fields }`, every field's messages in `error`. Returns `fields`. */
export function expectFields(response: { status: number; json: unknown }) {
  expect(response.status, JSON.stringify(response.json)).toBe(422);
  const parsed = z
    .strictObject({ error: z.string(), fields: z.record(z.string(), z.array(z.string()).min(1)) })
    .parse(response.json);
  expect(parsed.error).toBe(Object.values(parsed.fields).flat().join(" "));
  return parsed.fields;
}

/** The response has `status` and an `{ error }` body (extra keys allowed) equal to / matching `error`; returns it. */
export function expectErrorLike(response: { status: number; json: unknown }, status: number, error?: string | RegExp) {
  expect(response.status, JSON.stringify(response.json)).toBe(status);
  const parsed = z.object({ error: z.string() }).parse(response.json);
  if (typeof error === "string") expect(parsed.error).toBe(error);
  else if (error) expect(parsed.error).toMatch(error);
  return parsed.error;
}

/** A multipart body: text fields, and files as [blob, file name]. */
export function formOf(fields: Record<string, string | [Blob, string]>): FormData {
  const f = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") f.append(name, value);
    else f.append(name, value[0], value[1]);
  }
  return f;
}
