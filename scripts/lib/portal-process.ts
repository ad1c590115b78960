/**
 * Starts the production build (`server/index.ts`, demo mode, fresh reference-API database in a temporary
 * directory) as a child process on a free port, for the shutdown and load checks.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface PortalProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  stderr: () => string;
  stdout: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGKILL if still running, and remove the temporary directory. */
  dispose: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPortalProcess(options: { env?: Record<string, string>; nodeArgs?: string[] } = {}) {
  if (!existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    throw new Error("No build found: run `npm run build` first");
  }
  const dir = await mkdtemp(path.join(tmpdir(), "agent-portal-check-"));
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    // A clean environment: an UPSTREAM_API_URL in the caller's shell must not leak in.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      DEMO: "1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      REFERENCE_API_DB: path.join(dir, "reference-api.db"),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk) => (out += String(chunk)));
  child.stderr?.on("data", (chunk) => (err += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const portal: PortalProcess = {
    child,
    pid: child.pid ?? 0,
    port,
    url,
    stderr: () => err,
    stdout: () => out,
    exited,
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
  // Start-up on a busy machine can take a while (tsx, the build, seeding the database).
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await portal.dispose();
      throw new Error(`the portal exited during start-up (${child.exitCode}): ${err.trim() || out.trim()}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await portal.dispose();
      throw new Error(`the portal did not start within 90 s: ${err.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return portal;
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
  const child = spawn(process.execPath, ["--import", "tsx", "server/reference-api/main.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      LOG_LEVEL: "warn",
      REFERENCE_API_PORT: String(port),
      REFERENCE_API_DB: path.join(dir, "reference-api.db"),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (chunk) => (err += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const dispose = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await dispose();
      throw new Error(`the reference API exited during start-up (${child.exitCode}): ${err.trim()}`);
    }
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await dispose();
      throw new Error(`the reference API did not start within 90 s: ${err.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, pid: child.pid ?? 0, dispose };
}
