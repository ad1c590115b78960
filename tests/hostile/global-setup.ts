import { appendFileSync, mkdirSync, rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import {
  PORTAL_ENTRY,
  type ServerProcess,
  freePorts,
  spawnServer,
  waitUntilUp,
} from "../../scripts/lib/portal-process";

declare module "vitest" {
  export interface ProvidedContext {
    portal: string;
    referenceApi: string;
    /** Files the portal's stdout (its JSON log) and stderr are copied to as they come. */
    portalOutput: { stdout: string; stderr: string };
  }
}

let server: ServerProcess | null = null;

/**
 * Starts the production build (compiled server, plain node) in demo mode on two free ports (the portal's and
 * its reference API's) and its own database; stops it afterwards.
 */
export default async function setup(project: TestProject) {
  rmSync(".data/hostile", { recursive: true, force: true });
  const [portalPort, referenceApiPort] = await freePorts(2);
  server = spawnServer(PORTAL_ENTRY, {
    NODE_ENV: "production",
    DEMO: "1",
    PORT: String(portalPort),
    LOG_LEVEL: "error",
    REFERENCE_API_DB: ".data/hostile/reference-api.db",
    REFERENCE_API_PORT: String(referenceApiPort),
    REFERENCE_API_ALLOW_RESET: "1",
    // The suite tries sign-in abuse from addresses it names in X-Forwarded-For (loopback is a trusted proxy).
  });
  // What the process writes, kept in files the tests read (a stack trace on stderr is a finding).
  const output = { stdout: ".data/hostile/portal.stdout.log", stderr: ".data/hostile/portal.stderr.log" };
  mkdirSync(".data/hostile", { recursive: true });
  for (const name of ["stdout", "stderr"] as const) {
    appendFileSync(output[name], "");
    server.child[name]?.on("data", (chunk: Buffer) => appendFileSync(output[name], chunk));
  }
  const portal = `http://127.0.0.1:${portalPort}`;
  // Ready: /readyz answers 200 once the portal listens and its reference API answers; fails at once, with
  // the process's output, if it exits instead.
  try {
    await waitUntilUp(server, `${portal}/readyz`, 60_000);
  } catch (error) {
    // Not up in time: no process left behind to hold the ports or the CPU of the next run.
    await server.kill();
    throw error;
  }
  project.provide("portal", portal);
  project.provide("referenceApi", `http://127.0.0.1:${referenceApiPort}`);
  project.provide("portalOutput", output);
  return async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  };
}
