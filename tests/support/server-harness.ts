import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type MiddlewareFunction, RouterContextProvider, createSession } from "react-router";
import { requestInfoContext, sessionContext } from "~/.server/context";
import { parseEnv } from "~/.server/env";
import { setRuntime } from "~/.server/runtime";
import { type PortalSession, type SessionData, getSession } from "~/.server/session";
import { clearSharedLists } from "~/.server/upstream/shared-lists";
import { readToasts } from "~/.server/toast";
import type { LoadedViewer } from "~/.server/viewer";
import type { SessionUser } from "~/domain/user";
import { userFor } from "./users";

/**
 * Server-level tests call loaders, middleware and actions directly, with a Request and a context, in
 * front of a fake upstream (a local HTTP server answering what each test sets up). A call the test did
 * not set up is answered 599 and recorded, so a refused action that still reached the upstream shows.
 */

export const TEST_SECRET = "a-test-secret-of-enough-length";
export const BETA_TESTER = "beta@demo.test";
export const TOKEN = "t0k-test";

export interface UpstreamCall {
  method: string;
  path: string;
  query: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
  /** With answerInRounds(): the round the call arrived in (1: it waited for no other call's answer). */
  round?: number;
}

export type UpstreamReply = { status?: number; json?: unknown };
type Handler = UpstreamReply | ((call: UpstreamCall) => UpstreamReply);

/** Answers held back until the calls stop coming (see answerInRounds). */
interface Rounds {
  quietMs: number;
  done: number;
  held: Array<() => void>;
  timer: ReturnType<typeof setTimeout> | null;
}

export class FakeUpstream {
  readonly calls: UpstreamCall[] = [];
  private readonly routes = new Map<string, Handler>();
  private server: Server | null = null;
  private rounds: Rounds | null = null;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "http://upstream");
        const call: UpstreamCall = {
          method: req.method ?? "GET",
          path: url.pathname,
          query: url.search,
          authorization: req.headers.authorization,
          contentType: req.headers["content-type"],
          body: Buffer.concat(chunks).toString("utf8"),
        };
        this.calls.push(call);
        const handler = this.routes.get(`${call.method} ${call.path}`);
        const reply =
          typeof handler === "function" ? handler(call) : (handler ?? { status: 599, json: { error: "not set up" } });
        const answer = () => {
          res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
          res.end(reply.json === undefined ? "" : JSON.stringify(reply.json));
        };
        const rounds = this.rounds;
        if (!rounds) return answer();
        call.round = rounds.done + 1;
        rounds.held.push(answer);
        if (rounds.timer) clearTimeout(rounds.timer);
        rounds.timer = setTimeout(() => this.endRound(rounds), rounds.quietMs);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** What `METHOD /path` answers (the query is not matched): JSON with status 200 unless said otherwise. */
  on(route: string, handler: Handler): this {
    this.routes.set(route, handler);
    return this;
  }

  /**
   * Holds every answer back until no new call has come for `quietMs`, then gives them all: one round. A call
   * that waits for another one's answer comes in a later round, so the number of rounds is the page
   * load's depth (issue 10: how many upstream waits it costs in a row), and `call.round` tells which waited.
   */
  answerInRounds(quietMs = 150): this {
    this.rounds = { quietMs, done: 0, held: [], timer: null };
    return this;
  }

  /** How many rounds were answered since answerInRounds() (or the last roundsAnswered(true)). */
  roundsAnswered(restart = false): number {
    const done = this.rounds?.done ?? 0;
    if (restart && this.rounds) this.rounds.done = 0;
    return done;
  }

  private endRound(rounds: Rounds): void {
    rounds.timer = null;
    rounds.done++;
    for (const answer of rounds.held.splice(0)) answer();
  }

  /** Forgets the calls, the answers set up and the shared lists the portal kept (ADR 017) from them. */
  reset(): void {
    if (this.rounds) {
      if (this.rounds.timer) clearTimeout(this.rounds.timer);
      for (const answer of this.rounds.held.splice(0)) answer();
      this.rounds = null;
    }
    this.calls.length = 0;
    this.routes.clear();
    clearSharedLists();
  }

  /** Calls that changed something upstream (anything but GET). */
  writes(): UpstreamCall[] {
    return this.calls.filter((c) => c.method !== "GET");
  }

  /** Calls the test did not set up. */
  unexpected(): UpstreamCall[] {
    return this.calls.filter((c) => !this.routes.has(`${c.method} ${c.path}`));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The server runtime of a test: a silent logger, the test secret, the fake upstream's URL. */
export function useTestRuntime(upstreamUrl = "http://127.0.0.1:9"): void {
  setRuntime({
    env: parseEnv({ BETA_TESTER_EMAIL: BETA_TESTER, UPSTREAM_TIMEOUT_MS: "2000" }),
    upstreamUrl,
    sessionSecrets: [TEST_SECRET],
    logger: pino({ level: "silent" }),
    reportError: () => {},
  });
}

export function sessionWith(data: Partial<SessionData> = {}): PortalSession {
  const now = Date.now();
  return createSession<SessionData>({
    token: TOKEN,
    role: "Agent",
    userId: 1,
    issuedAt: now,
    seenAt: now,
    ...data,
  } as SessionData);
}

export interface ViewerOptions {
  documentNotifications?: number;
  /** smsConsent of the profile; `false` for no profile at all (not a broker, or it could not be loaded). */
  smsConsent?: boolean | null | "no-profile";
  session?: PortalSession;
}

/** A signed-in viewer as loadViewer would give it, with every flag off unless `user` says otherwise. */
export function viewerFor(user: Partial<SessionUser> = {}, options: ViewerOptions = {}): LoadedViewer {
  const full = userFor(user);
  const broker = full.role === "Agent" || full.role === "Agency";
  const consent = options.smsConsent === undefined ? true : options.smsConsent;
  return {
    token: TOKEN,
    session: options.session ?? sessionWith({ role: full.role, userId: full.userId }),
    user: full,
    documentNotifications: Array.from({ length: options.documentNotifications ?? 0 }, (_, i) => ({
      id: i + 1,
      documentName: `Document ${i + 1}`,
      message: "Needs your attention",
    })),
    profile:
      broker && consent !== "no-profile" ? { licenses: [], smsConsent: consent, phone: null, niprHolds: [] } : null,
    systemNotifications: [],
    betaTesterEmail: BETA_TESTER,
  };
}

/**
 * The context the root middleware would have made: the session, and the viewer it would load (null when
 * signed out; a function to make its loading fail the way the upstream does).
 */
export function contextFor(
  viewer: LoadedViewer | null | (() => Promise<LoadedViewer | null>),
  session?: PortalSession,
) {
  const context = new RouterContextProvider();
  const load = typeof viewer === "function" ? viewer : async () => viewer;
  const own = session ?? (viewer && typeof viewer !== "function" ? viewer.session : createSession<SessionData>());
  context.set(sessionContext, { session: own, viewer: load, forgetViewerFailure: () => {} });
  context.set(requestInfoContext, { nonce: "", requestId: "test", clientAddress: "203.0.113.7" });
  return context;
}

const ORIGIN = "http://portal.test";

export function get(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { headers });
}

/** A form post as a browser sends it: urlencoded, or multipart when a value is a File. */
export function post(path: string, fields: Record<string, string | File> | Array<[string, string | File]>): Request {
  const entries = Array.isArray(fields) ? fields : Object.entries(fields);
  if (entries.some(([, v]) => v instanceof File)) {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    return new Request(`${ORIGIN}${path}`, { method: "POST", body: form });
  }
  const body = new URLSearchParams(entries as Array<[string, string]>);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** What a loader, action or middleware answered, returned or thrown, in one shape. */
export interface Answer {
  status: number;
  location: string | null;
  data: unknown;
  headers: Headers;
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}
const isData = (v: unknown): v is DataWithInit =>
  typeof v === "object" && v !== null && (v as { type?: unknown }).type === "DataWithResponseInit";

async function toAnswer(value: unknown): Promise<Answer> {
  if (value instanceof Response) {
    const text = await value.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the text itself
    }
    return { status: value.status, location: value.headers.get("location"), data: parsed, headers: value.headers };
  }
  if (isData(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, location: headers.get("location"), data: value.data, headers };
  }
  return { status: 200, location: null, data: value, headers: new Headers() };
}

/** Runs a loader or action (through `middleware`, as the router would) and gives its answer, thrown or returned. */
export async function answerOf(
  handler: (args: never) => unknown,
  request: Request,
  context: RouterContextProvider,
  options: { middleware?: MiddlewareFunction<Response>[]; params?: Record<string, string> } = {},
): Promise<Answer> {
  const args = { request, context, params: options.params ?? {} };
  let result: unknown;
  // What the innermost next() gives the middleware: the handler's answer stands in for it.
  const handled = new Response(null, { status: 204 });
  const run = async (index: number): Promise<Response> => {
    const middleware = options.middleware?.[index];
    if (!middleware) {
      result = await handler(args as never);
      return handled;
    }
    return (await middleware(args as never, () => run(index + 1))) as Response;
  };
  let response: Response;
  try {
    response = await run(0);
  } catch (thrown) {
    if (thrown instanceof Response || isData(thrown)) return toAnswer(thrown);
    throw thrown;
  }
  if (response !== handled) return toAnswer(response);
  const answer = await toAnswer(result);
  // Cookies the middleware set on the way out (the session's last use).
  for (const cookie of handled.headers.getSetCookie()) answer.headers.append("set-cookie", cookie);
  return answer;
}

/** The flash toasts a redirect carries (what the next page shows). */
export async function toastsOf(answer: Answer): Promise<Array<{ type: string; message: string }>> {
  const line = answer.headers.getSetCookie().find((c) => c.startsWith("portal_toast="));
  if (!line) return [];
  const { toasts } = await readToasts(new Request(ORIGIN, { headers: { cookie: line.split(";")[0]! } }));
  return toasts.map(({ type, message }) => ({ type, message }));
}

/** The session a response's Set-Cookie carries (what the browser sends next). */
export async function sessionOfAnswer(answer: Answer): Promise<PortalSession> {
  const line = answer.headers.getSetCookie().find((c) => /^(__Host-)?portal_session=/.test(c));
  if (!line) throw new Error("the answer sets no session cookie");
  return getSession(new Request(ORIGIN, { headers: { cookie: line.split(";")[0]! } }));
}

/** A fake upstream for a test file: started once, the portal's runtime pointed at it, reset before each test. */
export function withFakeUpstream(): FakeUpstream {
  const upstream = new FakeUpstream();
  beforeAll(async () => {
    await upstream.start();
    useTestRuntime(upstream.url);
  });
  afterAll(() => upstream.stop());
  beforeEach(() => upstream.reset());
  return upstream;
}
