/**
 * Starts the production server (`build/server/index.js`, compiled by `npm run build`, run with plain node;
 * demo mode, fresh reference-API database in a temporary directory) as a child process on a free port, for
 * the shutdown and load checks and the bench; `measureBoot` times its start-up and reads its memory.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { type AddressInfo, type Server, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The production server: the whole server and the app in one file, compiled by `npm run build`. */
export const PORTAL_ENTRY = "build/server/index.js";

export interface PortalProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  stderr: () => string;
  stdout: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Milliseconds from spawning the process to its first 200 from /healthz. */
  bootMs: number;
  /** SIGKILL if still running, and remove the temporary directory. */
  dispose: () => Promise<void>;
}

/**
 * `count` distinct free TCP ports. Each is asked of the kernel (listen on port 0, every address) and held
 * until all are found, so none is handed out twice; `avoid` names ports the caller already uses (never
 * returned). The ports are free when this returns: bind them soon (a test server, a spawned process).
 */
export async function freePorts(count: number, avoid: Iterable<number> = []): Promise<number[]> {
  const taken = new Set(avoid);
  const held: Server[] = [];
  const ports: number[] = [];
  try {
    for (let attempt = 0; ports.length < count; attempt++) {
      if (attempt >= count + 100) throw new Error(`no ${count} free ports found in ${attempt} attempts`);
      const server = createServer();
      held.push(server);
      server.listen(0);
      await once(server, "listening");
      const { port } = server.address() as AddressInfo;
      if (taken.has(port)) continue;
      taken.add(port);
      ports.push(port);
    }
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
  return ports;
}

/** One free TCP port (see freePorts). */
export async function freePort(): Promise<number> {
  const [port = 0] = await freePorts(1);
  return port;
}

/**
 * The ports named by `names` in `env` (by default process.env): a set one (1–65535) is kept, a missing or
 * empty one gets a free port, written back into `env`. Processes started afterwards inherit that
 * environment, so they agree on the ports: Playwright's workers load playwright.config.ts again and find
 * the ports its main process chose. Throws on a value that is not a port, or on two names with one port.
 */
export async function portsFromEnv<Name extends string>(
  names: readonly Name[],
  env: Record<string, string | undefined> = process.env,
): Promise<Record<Name, number>> {
  const ports = {} as Record<Name, number>;
  const missing: Name[] = [];
  for (const name of names) {
    const value = env[name]?.trim();
    if (!value) {
      missing.push(name);
      continue;
    }
    const port = Number(value);
    if (!/^\d+$/.test(value) || port < 1 || port > 65535) {
      throw new Error(`${name}=${value} is not a TCP port (1-65535)`);
    }
    const twin = names.find((other) => other !== name && ports[other] === port);
    if (twin) throw new Error(`${twin} and ${name} are both ${port}: each server needs its own port`);
    ports[name] = port;
  }
  const fresh = await freePorts(missing.length, Object.values<number>(ports));
  missing.forEach((name, i) => {
    const port = fresh[i] ?? 0;
    ports[name] = port;
    env[name] = String(port);
  });
  return ports;
}

/** A Node server (the portal or the reference API) in a child process, its output collected. */
export interface ServerProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGKILL if still running; resolves once it has exited. */
  kill: () => Promise<void>;
}

/**
 * Starts `entry` with node in a clean environment (PATH and HOME only, then `env`): an UPSTREAM_API_URL or
 * DEMO in the caller's shell must not leak in. A compiled file (the portal: PORTAL_ENTRY) runs with plain
 * node; a TypeScript source (a development tool such as server/reference-api/main.ts) with tsx.
 */
export function spawnServer(entry: string, env: Record<string, string>, nodeArgs: string[] = []): ServerProcess {
  const loader = entry.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return serverProcess(child);
}

/** A started child process (its stdio piped) as a ServerProcess: its output kept, its exit awaited, killed on demand. */
export function serverProcess(child: ChildProcess): ServerProcess {
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk) => (out += String(chunk)));
  child.stderr?.on("data", (chunk) => (err += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * Waits until `url` answers 2xx. Throws with the process's output when it exits first or after `timeoutMs`
 * (start-up on a busy machine can take a while: seeding the database). Asks every `pollMs`.
 */
export async function waitUntilUp(server: ServerProcess, url: string, timeoutMs = 90_000, pollMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { exitCode, signalCode } = server.child;
    // Ended by a signal (killed, crashed) counts too: exitCode stays null then.
    if (exitCode !== null || signalCode !== null) {
      throw new Error(
        `${url}: the process exited during start-up (${exitCode ?? signalCode}): ${server.stderr().trim() || server.stdout().trim()}`,
      );
    }
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url}: not up within ${timeoutMs / 1000} s: ${server.stderr().trim()}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * The production build in demo mode on a free port, with a fresh database in a temporary directory.
 * `pollMs`: how often /healthz is asked while it starts (the precision of `bootMs`).
 */
export async function startPortalProcess(
  options: { env?: Record<string, string>; nodeArgs?: string[]; pollMs?: number } = {},
) {
  if (!existsSync(path.join(ROOT, PORTAL_ENTRY))) {
    throw new Error("No build found: run `npm run build` first");
  }
  const dir = await mkdtemp(path.join(tmpdir(), "agent-portal-check-"));
  const port = await freePort();
  const spawnedAt = performance.now();
  const server = spawnServer(
    PORTAL_ENTRY,
    {
      NODE_ENV: "production",
      DEMO: "1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      REFERENCE_API_DB: path.join(dir, "reference-api.db"),
      ...options.env,
    },
    options.nodeArgs,
  );
  const url = `http://127.0.0.1:${port}`;
  const dispose = async () => {
    await server.kill();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(server, `${url}/healthz`, 90_000, options.pollMs);
  } catch (error) {
    await dispose();
    throw error;
  }
  const bootMs = performance.now() - spawnedAt;
  const portal: PortalProcess = {
    child: server.child,
    pid: server.child.pid ?? 0,
    port,
    url,
    stderr: server.stderr,
    stdout: server.stdout,
    exited: server.exited,
    bootMs,
    dispose,
  };
  return portal;
}

/** Resident memory (VmRSS) in bytes from the text of /proc/<pid>/status; null when the line is missing. */
export function parseVmRss(status: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB\s*$/m.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/** The resident memory of a running process in bytes (Linux: /proc); null elsewhere or once it has exited. */
export async function residentBytes(pid: number): Promise<number | null> {
  try {
    return parseVmRss(await readFile(`/proc/${pid}/status`, "utf8"));
  } catch {
    return null;
  }
}

export interface BootMeasure {
  /** Spawn → first 200 from /healthz, in milliseconds (plain node, the compiled server). */
  bootMs: number;
  /** Resident memory right after that answer, in bytes (null where /proc is missing). */
  rssBytes: number | null;
}

/**
 * Starts the compiled server (`npm run build` first), times spawn → /healthz 200 and reads its RSS, then
 * stops it. By default demo mode: the boot includes creating and seeding a fresh reference-API database and
 * the RSS includes the in-process reference API. For the server alone pass an external upstream, e.g.
 * `{ DEMO: "0", UPSTREAM_API_URL: "http://127.0.0.1:9", SESSION_SECRET: "…32 characters or more…" }`
 * (/healthz does not ask the upstream).
 */
export async function measureBoot(options: { env?: Record<string, string> } = {}): Promise<BootMeasure> {
  const portal = await startPortalProcess({ env: options.env, pollMs: 20 });
  try {
    return { bootMs: Math.round(portal.bootMs), rssBytes: await residentBytes(portal.pid) };
  } finally {
    await portal.dispose();
  }
}

/** Signs in through the sign-in form's POST and returns the session cookie (name=value). */
export async function signIn(url: string, email: string, password = "demo-pass-123"): Promise<string> {
  const response = await fetch(`${url}/?index`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => /portal_session=./.test(c));
  if (response.status !== 302 || !cookie) throw new Error(`sign-in as ${email} failed: ${response.status}`);
  return cookie;
}

/**
 * The reference API as its own process (fresh database in a temporary directory), as a real upstream
 * runs: beside the portal, not on the portal's event loop.
 */
export async function startReferenceApiProcess() {
  const dir = await mkdtemp(path.join(tmpdir(), "agent-portal-upstream-"));
  const port = await freePort();
  const server = spawnServer("server/reference-api/main.ts", {
    LOG_LEVEL: "warn",
    REFERENCE_API_PORT: String(port),
    REFERENCE_API_DB: path.join(dir, "reference-api.db"),
  });
  const url = `http://127.0.0.1:${port}`;
  const dispose = async () => {
    await server.kill();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(server, `${url}/api/health`);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { url, pid: server.child.pid ?? 0, dispose };
}
