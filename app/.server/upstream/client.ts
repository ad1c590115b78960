import { Readable } from "node:stream";
import { Agent, type Dispatcher, request as undiciRequest, interceptors } from "undici";
import type { z } from "zod";
import { UNAUTHORIZED_REQUEST, UNDEFINED_RESPONSE, errorMessages } from "~/domain/errors";
import { redactTokens } from "~/domain/account-tokens";
import { runtime } from "../runtime";

/**
 * How an upstream call failed. The first three mean the upstream did not answer (nothing can be said
 * about whether a write happened); `status` is an answer with an error status; `contract` an answer the
 * portal cannot use (not JSON, HTML, the wrong shape); `unauthorized` a 401 that ends the session.
 */
export type UpstreamFailureKind = "unreachable" | "reset" | "timeout" | "status" | "contract" | "unauthorized";

/** The upstream answered with an error, with something the portal cannot use, or did not answer. */
export class UpstreamError extends Error {
  /** A refusal's messages per field of the request body (`fields` of a 422 body), when it named fields. */
  fields: Record<string, string[]> = {};
  /** Why the upstream refused (`reason` of a 403/404/410 body: "invalid", "expired", "used", "unverified"…; of a 409: "stale"). */
  reason: string | null = null;

  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly kind: UpstreamFailureKind = "status",
  ) {
    super(messages.join("; "));
    this.name = "UpstreamError";
  }

  /** Refused, reset or timed out: the upstream gave no answer at all. */
  get unanswered(): boolean {
    return this.kind === "unreachable" || this.kind === "reset" || this.kind === "timeout";
  }
}

/** 401 from the upstream: the session is over (spec §8 'Unauthorized Request'). */
export class UnauthorizedError extends UpstreamError {
  constructor(messages: string[] = [UNAUTHORIZED_REQUEST]) {
    super(401, messages, "unauthorized");
    this.name = "UnauthorizedError";
  }
}

/** The message of a page that cannot be drawn because the upstream gave no answer. */
export const UPSTREAM_UNREACHABLE = "The portal cannot reach its server right now. Please try again in a moment.";

const KEY = Symbol.for("agent-portal.upstream-agent");
type Holder = { [KEY]?: Agent };

/** One keep-alive connection pool for the process. */
function agent(): Agent {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const timeout = runtime().env.UPSTREAM_TIMEOUT_MS;
    holder[KEY] = new Agent({
      keepAliveTimeout: 10_000,
      connections: 64,
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
  }
  return holder[KEY];
}

/** A connection the upstream closed under us: a kept-alive socket it dropped, or a reset. */
const RESET_CODES = new Set(["ECONNRESET", "UND_ERR_SOCKET", "EPIPE", "UND_ERR_REQ_RETRY"]);
const TIMEOUT_CODES = new Set([
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "ETIMEDOUT",
]);

/** The error code of a network failure, looking through causes and the attempts of an AggregateError. */
function codeOf(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== "object" || depth > 3) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return code;
  if (error instanceof AggregateError && error.errors.length > 0) return codeOf(error.errors[0], depth + 1);
  return codeOf((error as { cause?: unknown }).cause, depth + 1);
}

/** Refused, reset or timed out: which one (the request failed before or while its answer was read). */
export function networkFailureKind(error: unknown): "unreachable" | "reset" | "timeout" {
  if (
    error instanceof Error &&
    (error.name === "TimeoutError" || (error.name === "AbortError" && codeOf(error) === undefined))
  ) {
    return "timeout";
  }
  const code = codeOf(error);
  if (code && TIMEOUT_CODES.has(code)) return "timeout";
  if (code && RESET_CODES.has(code)) return "reset";
  return "unreachable";
}

/**
 * GETs only: undici's retry interceptor repeats a GET once when the connection was reset before any
 * answer began (typically a kept-alive socket the upstream had just closed). Not on 5xx (an answer is an
 * answer), not on a refused connection (down is down), not once the answer began (the upstream serves no
 * ranges, so a half-read body cannot be resumed), and never a write: it may have happened.
 */
function dispatcherFor(method: Method): Dispatcher {
  if (method !== "GET") return agent();
  let answered = false;
  const noteAnswer: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) =>
    dispatch(opts, {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) =>
        handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        answered = true;
        handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    });
  return agent().compose(
    noteAnswer,
    interceptors.retry({
      maxRetries: 1,
      methods: ["GET"],
      statusCodes: [],
      errorCodes: ["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"],
      retry(error, { state }, callback) {
        const code = codeOf(error);
        const again =
          !answered &&
          state.counter <= 1 &&
          code !== undefined &&
          RESET_CODES.has(code) &&
          code !== "UND_ERR_REQ_RETRY";
        if (again) runtime().logger.info({ code }, "upstream connection reset before an answer; retrying the GET once");
        callback(again ? null : error);
      },
    }),
  );
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

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
 * response validated with `schema`, failures classified (UpstreamError.kind) and normalised per spec §8.
 */
export async function call<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  const { upstreamUrl, logger, env } = runtime();
  const url = new URL(path.replace(/^\//, ""), upstreamUrl.endsWith("/") ? upstreamUrl : `${upstreamUrl}/`);
  // What the log says: an account link's token never reaches it (app/domain/account-tokens.ts).
  const logPath = redactTokens(path);
  const headers: Record<string, string> = { ...options.headers, accept: "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined;
  if (options.form) {
    // Serialise the multipart body with the platform's encoder (boundary included in the content type).
    const encoded = new Response(options.form);
    headers["content-type"] = encoded.headers.get("content-type") ?? "multipart/form-data";
    body = Buffer.from(await encoded.arrayBuffer());
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // Not answering: refused, reset (before or during the answer) or too slow. Told apart in the log.
  const notAnswering = (error: unknown, status?: number): UpstreamError => {
    const kind = networkFailureKind(error);
    logger.warn(
      { err: error, kind, code: codeOf(error), method, path: logPath, status, ms: elapsed() },
      "upstream not answering",
    );
    return new UpstreamError(503, [UPSTREAM_UNREACHABLE], kind);
  };

  let response: Dispatcher.ResponseData;
  let text: string;
  try {
    // One budget for the whole call: connecting, a retried GET, the headers and the body.
    const signal = AbortSignal.timeout(env.UPSTREAM_TIMEOUT_MS);
    response = await undiciRequest(url, { method, headers, body, dispatcher: dispatcherFor(method), signal });
  } catch (error) {
    throw notAnswering(error);
  }
  try {
    // A reset or a stall while the body is read is a network failure, not a malformed answer.
    text = await response.body.text();
  } catch (error) {
    throw notAnswering(error, response.statusCode);
  }
  logger.debug({ method, path: logPath, status: response.statusCode, ms: elapsed() }, "upstream call");

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
    const messages = errorMessages(hasErrorField ? { data: json } : json);
    if (response.statusCode >= 500) {
      logger.warn(
        { kind: "status", method, path: logPath, status: response.statusCode, ms: elapsed(), messages },
        "upstream answered with an error",
      );
    }
    const failure = new UpstreamError(response.statusCode, messages, "status");
    failure.fields = fieldMessages(json);
    failure.reason = reasonOf(json);
    throw failure;
  }

  const parsed = schema.safeParse(response.statusCode === 204 ? undefined : json);
  if (!parsed.success) {
    logger.error(
      {
        kind: "contract",
        method,
        path: logPath,
        status: response.statusCode,
        ms: elapsed(),
        contentType: response.headers["content-type"],
        notJson: text !== "" && json === undefined,
        issues: parsed.error.issues.slice(0, 5),
      },
      "upstream response did not match the contract",
    );
    throw new UpstreamError(502, [UNDEFINED_RESPONSE], "contract");
  }
  return parsed.data;
}

/** `fields` of an error body: at most 20 fields, each a list of at most 10 strings; anything else is ignored. */
function fieldMessages(json: unknown): Record<string, string[]> {
  const fields = json !== null && typeof json === "object" ? (json as { fields?: unknown }).fields : undefined;
  if (fields === null || typeof fields !== "object" || Array.isArray(fields)) return {};
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(fields).slice(0, 20)) {
    if (!/^[A-Za-z][\w.]{0,63}$/.test(name) || !Array.isArray(value)) continue;
    const messages = value.filter((m): m is string => typeof m === "string" && m.length <= 500).slice(0, 10);
    if (messages.length > 0) out[name] = messages;
  }
  return out;
}

/** `reason` of an error body: a short word, or null. */
function reasonOf(json: unknown): string | null {
  const reason = json !== null && typeof json === "object" ? (json as { reason?: unknown }).reason : undefined;
  return typeof reason === "string" && /^[a-z_]{1,32}$/.test(reason) ? reason : null;
}

/** A multipart call: `entries` in order (nested-attributes naming relies on it). */
export async function callMultipart<S extends z.ZodType>(
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

/** A file the upstream answered with, its body not yet read (streamed on to the browser). */
export interface UpstreamFile {
  contentType: string;
  contentLength: string | null;
  /** The upstream's Content-Disposition, if any (the name of the file is read from it). */
  contentDisposition: string | null;
  body: ReadableStream<Uint8Array>;
}

/**
 * A GET whose answer is a file (bytes, not JSON): the body is handed on as a stream, never buffered. The
 * timeout covers the wait for the answer's headers; a body that stalls is cut by the agent's body timeout.
 * Failures as `call`: a 401 ends the session, an error status is an UpstreamError with the body's messages,
 * no answer is a 503 UpstreamError.
 */
export async function callFile(path: string, options: { token: string }): Promise<UpstreamFile> {
  const { upstreamUrl, logger, env } = runtime();
  const url = new URL(path.replace(/^\//, ""), upstreamUrl.endsWith("/") ? upstreamUrl : `${upstreamUrl}/`);
  const headers = { accept: "application/pdf, image/*, application/json", authorization: `Bearer ${options.token}` };
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("timed out", "TimeoutError")),
    env.UPSTREAM_TIMEOUT_MS,
  );
  let response: Dispatcher.ResponseData;
  try {
    response = await undiciRequest(url, {
      method: "GET",
      headers,
      dispatcher: dispatcherFor("GET"),
      signal: controller.signal,
    });
  } catch (error) {
    const kind = networkFailureKind(error);
    logger.warn({ err: error, kind, code: codeOf(error), method: "GET", path }, "upstream not answering");
    throw new UpstreamError(503, [UPSTREAM_UNREACHABLE], kind);
  } finally {
    clearTimeout(timer);
  }
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === "string" ? value : Array.isArray(value) ? (value[0] ?? null) : null;
  };
  // A redirect (to a storage service, say) is not the file: the portal never follows it nor passes it on.
  if (response.statusCode >= 300 || response.statusCode === 204) {
    const text = await response.body.text().catch(() => "");
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.statusCode === 401) throw new UnauthorizedError();
    const hasErrorField = json !== null && typeof json === "object" && "error" in json;
    const messages = errorMessages(hasErrorField ? { data: json } : json);
    if (response.statusCode === 204 || response.statusCode < 400) {
      logger.error(
        { kind: "contract", method: "GET", path, status: response.statusCode },
        "upstream answered a file with no file",
      );
      throw new UpstreamError(502, [UNDEFINED_RESPONSE], "contract");
    }
    const failure = new UpstreamError(response.statusCode, messages, "status");
    failure.fields = fieldMessages(json);
    failure.reason = reasonOf(json);
    throw failure;
  }
  logger.debug({ method: "GET", path, status: response.statusCode }, "upstream file");
  return {
    contentType: header("content-type") ?? "application/octet-stream",
    contentLength: header("content-length"),
    contentDisposition: header("content-disposition"),
    body: Readable.toWeb(response.body) as ReadableStream<Uint8Array>,
  };
}
