/**
 * The HTTP server (architecture.md): trust proxy (TRUST_PROXY) → compression → security headers
 * (CSP nonce) → health → request log → cross-site write refusal → static assets → no-store default →
 * admission control → React Router handler. With DEMO=1 (and no UPSTREAM_API_URL) it starts the bundled
 * reference API in-process and talks to it over HTTP; with neither it refuses to start.
 * Shutdown (SIGTERM): see `drainAndClose` and docs/decisions/011-deploys-and-proxies.md.
 *
 * No entry point of its own (docs/decisions/018-one-compiled-server.md): `server/main.ts` is the production
 * entry, compiled with the app by `npm run build` into build/server/index.js (one module graph, plain node);
 * `server/dev.ts` loads this module through Vite for `npm run dev`.
 */
import cluster from "node:cluster";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import type { Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import path from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import pino, { type Logger } from "pino";
import type { ServerBuild } from "react-router";
import { type Env, parseEnv, upstreamMode } from "../app/.server/env.ts";
import { CLUSTER_STORE_ENV, configureLimiterStore } from "../app/.server/limiter-store.ts";
import { CLUSTER_CHANNEL, isClusterMessage } from "./cluster-messages.ts";
import { setRuntime } from "../app/.server/runtime.ts";
import { redactTokens } from "../app/domain/account-tokens.ts";
import { quoteToolOrigins } from "../app/domain/enrollments.ts";
import { admissionControl } from "./admission.ts";
import { type ReferenceApi, startReferenceApi } from "./reference-api/index.ts";
import { consoleToLog } from "./console-log.ts";
import { faultHandlers, installFaultHandlers, requestContext } from "./process-faults.ts";
import { createRequestHandler } from "./request-handler.ts";
import { forwardedHeaders, noStoreByDefault, refuseCrossSiteWrites, securityHeaders } from "./security.ts";

export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.token",
  "*.ssn",
  "*.tin",
  // A quote tool provider's sign-on secret (issue 22 §2.4: write-only, never logged).
  "*.secret",
  "password",
  "token",
  "ssn",
  "tin",
  "secret",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      // A worker of WEB_CONCURRENCY > 1 says which it is (server/cluster.ts).
      base: { service: "agent-portal", ...(cluster.worker && { worker: cluster.worker.id }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    },
    destination,
  );
}

/** Without SESSION_SECRET (allowed only for the bundled demo), a random secret kept beside the demo db. */
export async function demoSessionSecret(root: string, dbPath: string): Promise<string> {
  const file = path.join(path.dirname(path.resolve(root, dbPath)), "session-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * DEMO=1: the bundled reference API, in this process. With WEB_CONCURRENCY > 1 the cluster's primary starts it
 * once and its workers talk to it as to an external upstream (server/cluster.ts).
 */
export async function startDemoUpstream(env: Env, root: string, logger: Logger): Promise<ReferenceApi> {
  const referenceApi = await startReferenceApi({
    dbPath: path.resolve(root, env.REFERENCE_API_DB),
    port: env.REFERENCE_API_PORT,
    allowReset: env.REFERENCE_API_ALLOW_RESET,
    logger: logger.child({ component: "reference-api" }),
    // The links of its e-mails lead to this portal; they go out through SMTP_URL, else to its outbox table.
    portalUrl: env.PUBLIC_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
  });
  logger.warn(
    { upstreamUrl: referenceApi.url },
    "DEMO=1: bundled reference API started, with demo accounts whose password is published; never expose this to the internet",
  );
  return referenceApi;
}

async function errorReporter(env: Env, logger: Logger) {
  if (!env.SENTRY_DSN) {
    return (error: unknown, context?: Record<string, unknown>) => logger.error({ err: error, ...context }, "error");
  }
  const Sentry = await import("@sentry/node");
  Sentry.init({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV });
  return (error: unknown, context?: Record<string, unknown>) => {
    logger.error({ err: error, ...context }, "error");
    Sentry.captureException(error, { extra: context });
  };
}

function requestLog(logger: Logger): express.RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          requestId,
          method: req.method,
          url: redactTokens(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        "request",
      );
    });
    // The request's id for whatever reports a fault later in its async context (server/process-faults.ts).
    requestContext.run({ requestId }, next);
  };
}

/**
 * Ready only when the upstream answers its health endpoint (docs/upstream-api.md) with 2xx JSON: a proxy's
 * HTML error page or a login wall in front of the upstream is not a working upstream.
 */
export async function upstreamReady(upstreamUrl: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(new URL("api/health", upstreamUrl.endsWith("/") ? upstreamUrl : `${upstreamUrl}/`), {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(Math.min(timeoutMs, 3000)),
    });
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type)) {
      await response.body?.cancel();
      return false;
    }
    const body: unknown = JSON.parse(await response.text());
    return typeof body === "object" && body !== null;
  } catch {
    return false;
  }
}

/** What app/entry.server.tsx exports besides the request handler. */
interface AppEntry {
  createLoadContext: (info: {
    nonce: string;
    requestId: string;
    clientAddress: string;
    refusedMethod?: string;
  }) => unknown;
}

export interface RunningPortal {
  server: Server;
  url: string;
  referenceApi: ReferenceApi | null;
  shutdown(): Promise<void>;
  /** Logs an error (and sends it to Sentry with SENTRY_DSN). */
  reportError(error: unknown, context?: Record<string, unknown>): void;
}

/** What differs between the compiled production server (server/main.ts) and development (server/dev.ts). */
export interface PortalOptions {
  /** The directory relative paths (REFERENCE_API_DB) start from: the one holding build/ and .data/. */
  root: string;
  /**
   * The React Router server build: the module itself in production (compiled into the same bundle), a
   * function in development (Vite loads the current version for each request).
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serve the browser's files: build/client in production (`clientAssets`), Vite's middlewares in development. */
  assets: express.RequestHandler[];
  /** More CSP connect-src sources (development: the Vite HMR websocket). */
  connectSources?: string[];
  /** Runs last on shutdown (development: close the Vite server). */
  onShutdown?: () => Promise<void>;
}

/**
 * Headers for documents, not for a static file (issue 21): a page's policies (CSP, frame options, permissions,
 * opener and referrer policy) govern the document that loads a script or a stylesheet, not the file; the
 * request id names a page's request in the log. A page preloads 10–35 of these files and Chrome counts each
 * answer's headers: they carry only what a file needs (type, length, caching, `nosniff`; HSTS when set).
 */
export const DOCUMENT_ONLY_HEADERS = [
  "Content-Security-Policy",
  "X-Frame-Options",
  "Referrer-Policy",
  "Cross-Origin-Opener-Policy",
  "Permissions-Policy",
  "X-Request-Id",
];

function leanHeaders(res: ServerResponse) {
  for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}

/**
 * build/client: fingerprinted assets cached for a year (immutable: no ETag or Last-Modified to revalidate
 * with), sent pre-compressed (brotli, docs/decisions/019-performance-budgets.md), the rest (favicon, robots.txt) for an hour; each with a file's headers only (DOCUMENT_ONLY_HEADERS).
 */
export function clientAssets(clientDir: string): express.RequestHandler[] {
  const router = express.Router();
  router.use(
    "/assets",
    // Brotli at quality 11, compressed by the build (`precompressAssets` in vite.config.ts) rather than at
    // quality 4 per request; a browser without brotli gets the file, gzipped by the compression middleware.
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br"],
      index: false,
      serveStatic: {
        immutable: true,
        maxAge: "1y",
        etag: false,
        lastModified: false,
        acceptRanges: false,
        setHeaders: leanHeaders,
      },
    }),
  );
  router.use(express.static(clientDir, { maxAge: "1h", index: false, setHeaders: leanHeaders }));
  return [router];
}

export async function startPortal(
  source: Record<string, string | undefined>,
  options: PortalOptions,
): Promise<RunningPortal> {
  const env = parseEnv(source);
  const mode = upstreamMode(env);
  const logger = createLogger(env.LOG_LEVEL);
  // In production every line is JSON: what libraries write with console too (development keeps Vite's lines).
  const restoreConsole = env.NODE_ENV === "production" ? consoleToLog(logger) : () => undefined;
  const reportError = await errorReporter(env, logger);

  let referenceApi: ReferenceApi | null = null;
  let upstreamUrl = env.UPSTREAM_API_URL;
  if (mode === "demo" || !upstreamUrl) {
    referenceApi = await startDemoUpstream(env, options.root, logger);
    upstreamUrl = referenceApi.url;
  }
  const sessionSecrets = env.SESSION_SECRET ?? [await demoSessionSecret(options.root, env.REFERENCE_API_DB)];
  setRuntime({ env, upstreamUrl, sessionSecrets, logger, reportError });
  // The limiters' counts: this process, the cluster's primary or Redis (ADR 025).
  const closeLimiterStore = configureLimiterStore({ redisUrl: env.REDIS_URL, logger });

  const { build } = options;
  // The build's own createLoadContext (app/entry.server.tsx), so the context keys are the build's: in
  // development each request's build may be a new version of the app.
  const loadContext = (current: ServerBuild, req: express.Request, res: express.Response) =>
    (current.entry.module as unknown as AppEntry).createLoadContext({
      nonce: String(res.locals.nonce),
      requestId: String(res.locals.requestId),
      clientAddress: req.ip ?? req.socket.remoteAddress ?? "",
      // A method the portal does not serve (server/request-handler.ts): the catch-all route answers 405.
      ...(typeof res.locals.refusedMethod === "string" && { refusedMethod: res.locals.refusedMethod }),
      // What the server lets the body have (server/request-handler.ts): a streamed upload checks it is its form's.
      ...(typeof res.locals.bodyLimit === "number" && { bodyLimit: res.locals.bodyLimit }),
    });

  const app = express();
  app.disable("x-powered-by");
  // TRUST_PROXY: whose X-Forwarded-* count (default: loopback and private networks); others' are dropped.
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(forwardedHeaders);
  // Scripts and stylesheets are compressed whatever their size (the route modules' small chunks too: the
  // default leaves answers under 1 KB as they are); everything else as compression's defaults say.
  app.use("/assets", compression({ threshold: 0 }));
  app.use(
    compression({ filter: (req, res) => !req.originalUrl.startsWith("/assets/") && compression.filter(req, res) }),
  );
  app.use(
    securityHeaders({
      hsts: env.NODE_ENV === "production",
      connectSources: options.connectSources,
      // The quote tool's action redirects its form post to the provider's sign-on link (ADR 021).
      formActions: quoteToolOrigins(env.QUOTE_TOOL_ORIGINS, upstreamUrl),
    }),
  );

  // Health checks: after the security headers, before the request log (probes would drown it).
  let draining = false;
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const upstreamOk = !draining && (await upstreamReady(upstreamUrl, env.UPSTREAM_TIMEOUT_MS));
    // Asked before SIGTERM but answered after it (the upstream check takes a moment): "shutting down" too.
    const ready = upstreamOk && !draining;
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : draining ? "shutting down" : "unavailable" });
  });

  app.use(requestLog(logger));
  app.use(refuseCrossSiteWrites(logger));
  app.use(options.assets);
  // Everything below is per user (HTML, .data, redirects, resource routes): Cache-Control: private, no-store.
  app.use(noStoreByDefault);
  // Pages and data wait their turn when the event loop is busy (health checks above never wait).
  const admission = admissionControl();
  app.use(admission.middleware);

  // ---- React Router request handler ------------------------------------------------------------------
  app.all(
    /.*/,
    createRequestHandler({
      build,
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext:
        typeof build === "function"
          ? async (req, res) => loadContext(await build(), req, res)
          : (req, res) => loadContext(build, req, res),
    }),
  );
  // ---- end of React Router request handler -------------------------------------------------------------

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(env.PORT, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const inFlight = new Set<ServerResponse>();
  // Runs before express for every request: while draining, every answer closes its connection.
  let closingConnections = false;
  server.prependListener("request", (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    if (closingConnections) res.setHeader("Connection", "close");
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;
  logger.info({ url, upstream: mode === "external" ? "external" : "bundled reference API" }, "portal listening");

  let closing: Promise<void> | null = null;
  const shutdown = async () => {
    closing ??= (async () => {
      draining = true;
      logger.info({ drainMs: env.SHUTDOWN_DRAIN_MS, inFlight: inFlight.size }, "shutting down: draining");
      await drainAndClose(server, inFlight, env.SHUTDOWN_DRAIN_MS, logger, {
        // In a cluster, keep-alive clients are sent away only once no worker listens (server/cluster.ts).
        until: cluster.isWorker && process.env[CLUSTER_STORE_ENV] === "1" ? listenersClosedInCluster() : null,
        closeConnections: () => (closingConnections = true),
      });
      admission.stop();
      await closeLimiterStore();
      await referenceApi?.close();
      await options.onShutdown?.();
      logger.info("shut down");
      logger.flush();
      restoreConsole();
    })();
    return closing;
  };
  return { server, url, referenceApi, shutdown, reportError };
}

/** A cluster worker's part of the shutdown handshake: resolves once the primary says no worker listens. */
async function listenersClosedInCluster(): Promise<void> {
  return new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (isClusterMessage(message, "listeners-closed")) resolve();
    };
    process.on("message", onMessage);
    process.once("disconnect", () => resolve());
    // After net.Server's close above: the cluster's own "close" message goes first on the same channel.
    setImmediate(() => process.send?.({ channel: CLUSTER_CHANNEL, type: "listener-closed" }));
  });
}

/**
 * Graceful shutdown without dropping a request:
 * - the listening socket closes at once, so new connections are refused (the orchestrator has already
 *   sent them elsewhere: /readyz is 503);
 * - answers not yet started, and every answer to a request that arrives on an open keep-alive connection
 *   from now on, carry `Connection: close`, and Node closes the connection once it is sent;
 * - idle keep-alive connections are NOT closed by us: `http.Server.close()` (Node >= 19) destroys them at
 *   once, racing a client that is sending its next request on one (a reset the client cannot tell from a
 *   crash). They end the way they always do: the client's next request is answered with Connection: close,
 *   or the keep-alive timeout the server advertised (Keep-Alive: timeout=5) expires;
 * - whatever is still open after `drainMs` is cut, and the process exits anyway.
 */
async function drainAndClose(
  server: Server,
  inFlight: Set<ServerResponse>,
  drainMs: number,
  logger: Logger,
  connections: { until: Promise<void> | null; closeConnections: () => void },
) {
  const closed = new Promise<void>((resolve) => {
    // net.Server's close: stop listening; the callback runs once every connection has ended.
    NetServer.prototype.close.call(server, () => resolve());
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), drainMs);
  });
  if (connections.until) {
    // A worker of a cluster: the port stays open while another worker still listens, and a client sent away
    // now would reconnect there and wait in the primary's queue, which is dropped (reset) when the last
    // worker stops listening. So its keep-alive clients are served as usual until no worker listens (the
    // primary says so; at most half the drain time), then sent away: their reconnects are refused, as with
    // one process.
    await Promise.race([connections.until, new Promise((r) => setTimeout(r, drainMs / 2))]);
  }
  connections.closeConnections();
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  if ((await Promise.race([closed, deadline])) === "deadline") {
    logger.warn({ drainMs, inFlight: inFlight.size }, "drain time is over: closing the remaining connections");
    server.closeAllConnections();
    await closed;
  }
  clearTimeout(timer);
}

/** Starts the portal as a process: one line and exit 1 when it cannot start, drain and exit on SIGTERM/SIGINT. */
export async function runMain(start: () => Promise<RunningPortal>): Promise<void> {
  let portal: RunningPortal;
  try {
    portal = await start();
  } catch (error) {
    // One clear line, no stack trace, for configuration and start-up problems (on stderr itself: console may be
    // the JSON log's by now).
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const stop = () => {
    portal.shutdown().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, stop);
  // A fault no code handled (issue 35, ADR 040): a lost rejection is reported and the portal goes on; an
  // uncaught exception is reported, then the portal drains and exits 1 for a clean process to replace it.
  installFaultHandlers(
    faultHandlers(portal.reportError, () => {
      portal.shutdown().then(
        () => process.exit(1),
        () => process.exit(1),
      );
    }),
  );
  // A worker of WEB_CONCURRENCY > 1 whose primary is gone (killed): drain and exit rather than linger.
  if (cluster.isWorker) process.once("disconnect", stop);
}
