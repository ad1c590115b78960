import { Agent, request as undiciRequest, errors as undiciErrors } from "undici";
import type { z } from "zod";
import { UNAUTHORIZED_REQUEST, UNDEFINED_RESPONSE, errorMessages } from "~/domain/errors";
import { runtime } from "../runtime";

/** The upstream answered with an error, or with something the portal cannot use. */
export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join("; "));
    this.name = "UpstreamError";
  }
}

/** 401 from the upstream: the session is over (spec §8 'Unauthorized Request'). */
export class UnauthorizedError extends UpstreamError {
  constructor(messages: string[] = [UNAUTHORIZED_REQUEST]) {
    super(401, messages);
    this.name = "UnauthorizedError";
  }
}

export const UPSTREAM_UNREACHABLE = "The portal cannot reach its server right now. Please try again in a moment.";

const KEY = Symbol.for("agent-portal.upstream-agent");
type Holder = { [KEY]?: Agent };

/** One keep-alive connection pool for the process. */
function agent(): Agent {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const timeout = runtime().env.UPSTREAM_TIMEOUT_MS;
    holder[KEY] = new Agent({ keepAliveTimeout: 10_000, connections: 64, headersTimeout: timeout, bodyTimeout: timeout });
  }
  return holder[KEY];
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** A 401 means bad credentials here, not an ended session (sign-in). */
  unauthorizedIsError?: boolean;
  headers?: Record<string, string>;
  /** A multipart body (sent instead of `body`). */
  form?: FormData;
}

/**
 * One typed upstream call: base URL, Accept json, Authorization from the session, a timeout, the
 * response validated with `schema`, errors normalised per spec §8.
 */
export async function call<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  const { upstreamUrl, logger } = runtime();
  const url = new URL(path.replace(/^\//, ""), upstreamUrl.endsWith("/") ? upstreamUrl : `${upstreamUrl}/`);
  const headers: Record<string, string> = { ...options.headers, accept: "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined;
  if (options.form) {
    // Serialise the multipart body with the platform's encoder (boundary included in the content type).
    const encoded = new Response(options.form);
    headers["content-type"] = encoded.headers.get("content-type")!;
    body = Buffer.from(await encoded.arrayBuffer());
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  const started = performance.now();
  let response: Awaited<ReturnType<typeof undiciRequest>>;
  try {
    const signal = AbortSignal.timeout(runtime().env.UPSTREAM_TIMEOUT_MS);
    response = await undiciRequest(url, { method, headers, body, dispatcher: agent(), signal });
  } catch (error) {
    const timedOut =
      (error instanceof Error && error.name === "TimeoutError") ||
      error instanceof undiciErrors.HeadersTimeoutError ||
      error instanceof undiciErrors.BodyTimeoutError;
    logger.warn({ err: error, method, path, timedOut }, "upstream unreachable");
    throw new UpstreamError(503, [UPSTREAM_UNREACHABLE]);
  }

  const text = await response.body.text().catch(() => "");
  const ms = Math.round(performance.now() - started);
  logger.debug({ method, path, status: response.statusCode, ms }, "upstream call");

  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }

  if (response.statusCode === 401 && !options.unauthorizedIsError) throw new UnauthorizedError();
  if (response.statusCode >= 400) {
    // Spec §8: the body's error field; else the body itself (a string, a list of strings, {message}).
    const hasErrorField = json !== null && typeof json === "object" && "error" in json;
    throw new UpstreamError(response.statusCode, errorMessages(hasErrorField ? { data: json } : json));
  }

  const parsed = schema.safeParse(response.statusCode === 204 ? undefined : json);
  if (!parsed.success) {
    logger.error({ method, path, status: response.statusCode, issues: parsed.error.issues.slice(0, 5) }, "upstream response did not match the contract");
    throw new UpstreamError(502, [UNDEFINED_RESPONSE]);
  }
  return parsed.data;
}

/** A multipart call: `entries` in order (nested-attributes naming relies on it). */
export function callMultipart<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: Omit<CallOptions, "body" | "form"> & { entries: Array<[string, string | Blob]> },
): Promise<z.infer<S>> {
  const form = new FormData();
  for (const [key, value] of options.entries) {
    if (typeof value === "string") form.append(key, value);
    else form.append(key, value, value instanceof File ? value.name : "upload");
  }
  const { entries: _entries, ...rest } = options;
  return call(method, path, schema, { ...rest, form });
}
