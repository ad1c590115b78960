/**
 * Express → React Router, like @react-router/express's handler, with one difference: a request body is
 * counted as it is read, chunked or not, and answered 413 the moment it passes its limit
 * (docs/decisions/012-bounded-requests.md). The adapter's own code is small; owning it is what lets the
 * limit sit between the socket and React Router without buffering the body.
 */
import { Transform } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import {
  type RouteObject,
  type ServerBuild,
  createRequestHandler as createReactRouterHandler,
  matchRoutes,
} from "react-router";
import { bodyLimit } from "../app/.server/body-limits.ts";
import { METHOD_NOT_ALLOWED_PATH } from "../app/.server/context.ts";
import { FORM_TOO_LARGE } from "../app/.server/form-limits.ts";

/** The methods the portal serves: pages and data (GET, HEAD) and forms (POST). */
export const SERVED_METHODS = ["GET", "HEAD", "POST"] as const;
const SERVED = new Set<string>(SERVED_METHODS);

/** What matching needs of the build's routes (ServerBuild["routes"]). */
type BuildRoutes = Record<
  string,
  { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean } | undefined
>;

/** The build's routes as React Router matches them (a tree of ids and path patterns), made once per build. */
const routeTrees = new WeakMap<BuildRoutes, RouteObject[]>();
function routeTree(routes: BuildRoutes): RouteObject[] {
  let tree = routeTrees.get(routes);
  if (!tree) {
    const all = Object.values(routes).filter((route) => route !== undefined);
    const childrenOf = (parentId: string | undefined): RouteObject[] =>
      all
        .filter((route) => route.parentId === parentId)
        .map(({ id, path, index, caseSensitive }) =>
          index ? { id, index: true, caseSensitive } : { id, path, caseSensitive, children: childrenOf(id) },
        );
    tree = childrenOf(undefined);
    routeTrees.set(routes, tree);
  }
  return tree;
}

/**
 * The id of the route React Router runs for a request to `pathname` (its `.data` twin included), or null: what
 * decides a form's body limit (app/.server/body-limits.ts), so that every path to a form's route gets its limit.
 */
export function routeIdOf(build: { routes: BuildRoutes; basename?: string }, pathname: string): string | null {
  // A path that is not UTF-8 once decoded (/%C0%AF) reaches no form of LARGE_FILE_FORMS; React Router would warn.
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
  } catch {
    return null;
  }
  const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "").replace(/(.)\/$/, "$1");
  const matches = matchRoutes(routeTree(build.routes), path, build.basename);
  return matches?.at(-1)?.route.id ?? null;
}

/**
 * After a 413, what the client still sends is read and discarded so that it sees the answer rather than a reset,
 * but only this much: past `bytes` reading stops (the client's writes wait; it can still read the answer), and
 * a client still there after `ms` is cut off. Bytes bound what a client that never stops costs: time alone let
 * one pour 1 GB into the discard in 0.7 s on loopback (decision 012).
 */
export const LINGER_AFTER_REFUSAL = { bytes: 8 * 1024 * 1024, ms: 2_000 };

/** Answers 413 at once and stops keeping the body; the rest is discarded within LINGER_AFTER_REFUSAL. */
function refuseTooLarge(req: express.Request, res: express.Response): void {
  if (!res.headersSent) res.status(413).type("text/plain").send(FORM_TOO_LARGE);
  req.unpipe();
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_AFTER_REFUSAL.bytes) req.pause();
  });
  req.resume();
  if (!req.complete) {
    const cutOff = setTimeout(() => req.socket.destroy(), LINGER_AFTER_REFUSAL.ms);
    cutOff.unref();
    req.once("end", () => clearTimeout(cutOff));
  }
}

/** The body as a stream that errors (after the 413 is sent) once it passes `limit` bytes. */
function countedBody(req: express.Request, res: express.Response, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) {
        refuseTooLarge(req, res);
        callback(new Error(FORM_TOO_LARGE));
        return;
      }
      callback(null, chunk);
    },
  });
  req.on("error", (error) => counter.destroy(error));
  req.pipe(counter);
  return createReadableStreamFromReadable(counter);
}

function fetchHeaders(incoming: express.Request["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(incoming)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  return headers;
}

/**
 * The Fetch request React Router gets. A method the portal does not serve (TRACE, OPTIONS, PUT, PROPFIND...)
 * becomes a bodiless GET of METHOD_NOT_ALLOWED_PATH, which the catch-all route answers with the 405 page
 * (`res.locals.refusedMethod` tells it why): Fetch cannot even build a TRACE request, and React Router would
 * run a route's action for PUT, PATCH or DELETE.
 */
function fetchRequest(req: express.Request, res: express.Response, limit: number): Request {
  // As @react-router/express: the host from X-Forwarded-Host only when the proxy is trusted.
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const refused = !SERVED.has(req.method);
  const url = new URL(
    `${req.protocol}://${hostname}${port ? `:${port}` : ""}${refused ? METHOD_NOT_ALLOWED_PATH : req.originalUrl}`,
  );

  const controller = new AbortController();
  // A client that goes away before its answer is complete aborts the request's work.
  let finished = false;
  res.on("finish", () => {
    finished = true;
  });
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: refused ? "GET" : req.method,
    headers: fetchHeaders(req.headers),
    signal: controller.signal,
  };
  if (req.method === "POST") {
    init.body = countedBody(req, res, limit);
    init.duplex = "half";
  }
  return new Request(url, init);
}

async function send(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A header the answer sets replaces the server's own (the security headers'): appended, a route's own
  // `X-Content-Type-Options: nosniff` went out as `nosniff, nosniff` (issue 35 §3). Set-Cookie comes once a cookie.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

export function createRequestHandler(options: {
  /** The build, or (development) a function that loads its current version for each request. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => unknown;
}): express.RequestHandler {
  const handle = createReactRouterHandler(options.build, options.mode);
  const currentBuild = async () => (typeof options.build === "function" ? options.build() : options.build);
  return async (req, res, next) => {
    try {
      // A form's limit is its route's: the route is found only for a form with files (the others all have 64 KB).
      const contentType = req.get("content-type");
      const route = /^multipart\/form-data/i.test(contentType ?? "") ? routeIdOf(await currentBuild(), req.path) : null;
      const limit = bodyLimit(contentType, route);
      res.locals.bodyLimit = limit;
      // A declared length over the limit is refused before a byte is read.
      if (Number(req.get("content-length") ?? 0) > limit) return refuseTooLarge(req, res);
      if (!SERVED.has(req.method)) {
        res.locals.refusedMethod = req.method;
        res.setHeader("Allow", SERVED_METHODS.join(", "));
        // Its body (if any) is never read: the connection closes after the answer rather than reading it.
        if (req.get("content-length") || req.get("transfer-encoding")) res.setHeader("Connection", "close");
      }
      const request = fetchRequest(req, res, limit);
      const response = await handle(request, (await options.getLoadContext(req, res)) as never);
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
