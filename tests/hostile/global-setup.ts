import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { PORTAL_ENTRY, type ServerProcess, spawnServer, waitUntilUp } from "../../scripts/lib/portal-process";

const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const HOSTILE_PORTAL_PORT = 3600 + OFFSET;
export const HOSTILE_REFERENCE_API_PORT = 4600 + OFFSET;

declare module "vitest" {
  export interface ProvidedContext {
    portal: string;
    referenceApi: string;
  }
}

let server: ServerProcess | null = null;

/** Starts the production build (compiled server, plain node) in demo mode on its own ports and database; stops it afterwards. */
export default async function setup(project: TestProject) {
  rmSync(".data/hostile", { recursive: true, force: true });
  server = spawnServer(PORTAL_ENTRY, {
    NODE_ENV: "production",
    DEMO: "1",
    PORT: String(HOSTILE_PORTAL_PORT),
    LOG_LEVEL: "error",
    REFERENCE_API_DB: ".data/hostile/reference-api.db",
    REFERENCE_API_PORT: String(HOSTILE_REFERENCE_API_PORT),
    REFERENCE_API_ALLOW_RESET: "1",
    // The suite tries sign-in abuse from addresses it names in X-Forwarded-For (loopback is a trusted proxy).
  });
  const portal = `http://127.0.0.1:${HOSTILE_PORTAL_PORT}`;
  await waitUntilUp(server, `${portal}/healthz`, 60_000);
  project.provide("portal", portal);
  project.provide("referenceApi", `http://127.0.0.1:${HOSTILE_REFERENCE_API_PORT}`);
  return async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  };
}
