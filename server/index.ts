/**
 * The production HTTP server (architecture.md): trust proxy → health → compression → security headers
 * (CSP nonce) → request log → cross-site write refusal → static assets → React Router handler.
 * With UPSTREAM_API_URL unset it starts the bundled reference API in-process and talks to it over HTTP.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import pino, { type Logger } from "pino";
import type { ServerBuild } from "react-router";
import { type Env, parseEnv } from "../app/.server/env.ts";
import { setRuntime } from "../app/.server/runtime.ts";
import { type ReferenceApi, startReferenceApi } from "./reference-api/index.ts";
import { createRequestHandler } from "./request-handler.ts";
import { refuseCrossSiteWrites, securityHeaders } from "./security.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_DIR = path.join(ROOT, "build");

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
  "password",
  "token",
  "ssn",
  "tin",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    { level, base: { service: "agent-portal" }, redact: { paths: REDACT_PATHS, censor: "[redacted]" } },
    destination,
  );
}

/** Without SESSION_SECRET (allowed only for the bundled demo), a random secret kept beside the demo db. */
async function demoSessionSecret(dbPath: string): Promise<string> {
  const file = path.join(path.dirname(path.resolve(ROOT, dbPath)), "session-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
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
        { requestId, method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  };
}

async function upstreamReady(upstreamUrl: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(new URL("api/health", upstreamUrl.endsWith("/") ? upstreamUrl : `${upstreamUrl}/`), {
      signal: AbortSignal.timeout(Math.min(timeoutMs, 3000)),
    });
    await response.body?.cancel();
    return response.status < 500;
  } catch {
    return false;
  }
}

export interface RunningPortal {
  server: Server;
  url: string;
  referenceApi: ReferenceApi | null;
  shutdown(): Promise<void>;
}

export async function startPortal(source: Record<string, string | undefined> = process.env): Promise<RunningPortal> {
  const env = parseEnv(source);
  const logger = createLogger(env.LOG_LEVEL);
  const reportError = await errorReporter(env, logger);

  let referenceApi: ReferenceApi | null = null;
  let upstreamUrl = env.UPSTREAM_API_URL;
  if (!upstreamUrl) {
    referenceApi = await startReferenceApi({
      dbPath: path.resolve(ROOT, env.REFERENCE_API_DB),
      port: env.REFERENCE_API_PORT,
      allowReset: env.REFERENCE_API_ALLOW_RESET,
      logger: logger.child({ component: "reference-api" }),
    });
    upstreamUrl = referenceApi.url;
    logger.info({ upstreamUrl }, "bundled reference API started");
  }
  const sessionSecrets = env.SESSION_SECRET ?? [await demoSessionSecret(env.REFERENCE_API_DB)];
  setRuntime({ env, upstreamUrl, sessionSecrets, logger, reportError });

  const buildFile = path.join(BUILD_DIR, "server", "index.js");
  if (!existsSync(buildFile)) throw new Error("No build found: run `npm run build` first");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const entry = build.entry.module as unknown as {
    createLoadContext: (info: { nonce: string; requestId: string; clientAddress: string }) => unknown;
  };

  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* are believed only from a proxy on a private network (load balancer, ingress).
  app.set("trust proxy", "loopback, linklocal, uniquelocal");

  let draining = false;
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const ready = !draining && (await upstreamReady(upstreamUrl, env.UPSTREAM_TIMEOUT_MS));
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable" });
  });

  app.use(compression());
  app.use(securityHeaders({ hsts: env.NODE_ENV === "production" }));
  app.use(requestLog(logger));
  app.use(refuseCrossSiteWrites);
  // Fingerprinted assets never change: cache them for a year.
  app.use("/assets", express.static(path.join(BUILD_DIR, "client", "assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false }));
  app.all(
    /.*/,
    createRequestHandler({
      build,
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, res) =>
        entry.createLoadContext({
          nonce: String(res.locals.nonce),
          requestId: String(res.locals.requestId),
          clientAddress: req.ip ?? req.socket.remoteAddress ?? "",
        }),
    }),
  );

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(env.PORT, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;
  logger.info({ url, upstream: env.UPSTREAM_API_URL ? "external" : "bundled reference API" }, "portal listening");

  let closing: Promise<void> | null = null;
  const shutdown = () => {
    closing ??= (async () => {
      draining = true;
      logger.info("shutting down: no new connections, finishing in-flight requests");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections become idle as their last response finishes: close them as they do.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearInterval(sweep);
      clearTimeout(force);
      await referenceApi?.close();
      logger.info("shut down");
      logger.flush();
    })();
    return closing;
  };
  return { server, url, referenceApi, shutdown };
}

async function main() {
  let portal: RunningPortal;
  try {
    portal = await startPortal();
  } catch (error) {
    // One clear line, no stack trace, for configuration and start-up problems.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      portal.shutdown().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void main();
}
