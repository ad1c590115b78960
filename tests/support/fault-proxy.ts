import {
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request as httpRequest,
} from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small HTTP proxy in front of the reference API that breaks the calls a test names, the way a real
 * upstream breaks: the portal under test talks to it as its UPSTREAM_API_URL.
 *
 * - `close`: the connection is dropped as soon as the request arrives (a reset before any answer);
 * - `delay`: nothing is answered for `ms`, then the connection is dropped (slow past the timeout);
 * - `status`: an error status with a JSON body (`{"error": message}` unless `body` is given);
 * - `html`: 200 with an HTML page (a captive portal, a maintenance page: a contract mismatch);
 * - `reset-mid-body`: 200 headers and part of a JSON body, then the connection is destroyed.
 *
 * A faulted call never reaches the reference API, so a faulted write has not happened. `down()` stops
 * listening altogether (connections refused) until `up()`.
 */
export type Fault =
  | { type: "close" }
  | { type: "delay"; ms: number }
  | { type: "status"; status: number; message?: string; body?: string }
  | { type: "html" }
  | { type: "reset-mid-body" };

export interface FaultRule {
  method?: string;
  /** The path (without the query) the call must have, or a pattern it must match. */
  path?: string | RegExp;
  /** The first matching call to fault, counting from 1 since the rule was set (default 1). */
  nth?: number;
  /** How many matching calls, from the nth, are faulted (default 1; Infinity for all). */
  times?: number;
  fault: Fault;
}

export interface ProxiedCall {
  method: string;
  path: string;
  fault: Fault["type"] | null;
}

export interface FaultProxy {
  url: string;
  /** Adds a rule (rules are checked in the order they were added; the first that applies wins). */
  inject(rule: FaultRule): void;
  /** Removes every rule and forgets the calls seen. */
  clear(): void;
  /** Every call seen since the last clear, in order, with the fault it got. */
  calls(): ProxiedCall[];
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

interface ActiveRule extends FaultRule {
  seen: number;
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  if (rule.path === undefined) return true;
  return typeof rule.path === "string" ? rule.path === path : rule.path.test(path);
}

function applyFault(fault: Fault, req: IncomingMessage, res: ServerResponse): void {
  switch (fault.type) {
    case "close":
      req.socket.destroy();
      return;
    case "delay": {
      const timer = setTimeout(() => req.socket.destroy(), fault.ms);
      req.socket.once("close", () => clearTimeout(timer));
      return;
    }
    case "status": {
      const body = fault.body ?? JSON.stringify({ error: fault.message ?? "The upstream failed" });
      res.writeHead(fault.status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    case "html": {
      const body = "<!doctype html><html><head><title>Maintenance</title></head><body><h1>Back soon</h1></body></html>";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    case "reset-mid-body": {
      res.writeHead(200, { "content-type": "application/json", "content-length": "4096" });
      res.write('{"user":{"userId":1,"firstName":"Par');
      // Let the headers and the first bytes leave before the connection goes.
      setTimeout(() => req.socket.destroy(), 30);
      return;
    }
  }
}

/** Starts the proxy in front of `target` (http://host:port) on a free port of 127.0.0.1. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let rules: ActiveRule[] = [];
  let seen: ProxiedCall[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on("error", () => req.socket.destroy());
    req.pipe(out);
  };

  const server: Server = createServer((req, res) => {
    const method = (req.method ?? "GET").toUpperCase();
    const path = (req.url ?? "/").split("?")[0]!;
    let fault: Fault | null = null;
    for (const rule of rules) {
      if (!matches(rule, method, path)) continue;
      rule.seen += 1;
      const first = rule.nth ?? 1;
      const last = first + (rule.times ?? 1) - 1;
      if (rule.seen >= first && rule.seen <= last) {
        fault = rule.fault;
        break;
      }
    }
    seen.push({ method, path, fault: fault?.type ?? null });
    if (!fault) return forward(req, res);
    // Read (and drop) what the portal sends, so a multipart body does not stall the socket first.
    req.resume();
    applyFault(fault, req, res);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server.listening) return resolve();
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      // Kept-alive connections would otherwise keep answering.
      server.closeAllConnections();
    });

  return {
    url: `http://127.0.0.1:${port}`,
    inject(rule) {
      rules.push({ ...rule, seen: 0 });
    },
    clear() {
      rules = [];
      seen = [];
    },
    calls: () => [...seen],
    down: stop,
    up: listen,
    close: stop,
  };
}
