/**
 * Helpers shared by the reference API's vitest files: a temporary database, a quiet API on a free
 * port, an HTTP client with a per-file login cache, and the `{ error }` body checks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { expect } from "vitest";
import { z } from "zod";
import { LoginResponseSchema } from "../../app/.server/upstream/schemas/session.ts";
import { startReferenceApi } from "./index.ts";
import { DEMO_PASSWORD } from "./seed.ts";
import { seedDates } from "./seed-dates.ts";

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

/** The reference API on a free port, silent, with `/__reset` allowed, seeded as of testSeed's day. */
export const startTestApi = (dbPath: string) =>
  startReferenceApi({ dbPath, port: 0, allowReset: true, logger: silentLogger, seedDay: testSeed.day });

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

/** The response has `status` and a strict `{ error }` body (with exactly `error`, when given). */
export function expectError(response: { status: number; json: unknown }, status: number, error?: string) {
  expect(response.status, JSON.stringify(response.json)).toBe(status);
  const parsed = ErrorSchema.parse(response.json);
  if (error !== undefined) expect(parsed.error).toBe(error);
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
