import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";

const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const HOSTILE_PORTAL_PORT = 3600 + OFFSET;
export const HOSTILE_REFERENCE_API_PORT = 4600 + OFFSET;

declare module "vitest" {
  export interface ProvidedContext {
    portal: string;
    referenceApi: string;
  }
}

let child: ChildProcess | null = null;

/** Starts the production build in demo mode on its own ports and database; stops it afterwards. */
export default async function setup(project: TestProject) {
  rmSync(".data/hostile", { recursive: true, force: true });
  let stderr = "";
  child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      DEMO: "1",
      PORT: String(HOSTILE_PORTAL_PORT),
      LOG_LEVEL: "error",
      REFERENCE_API_DB: ".data/hostile/reference-api.db",
      REFERENCE_API_PORT: String(HOSTILE_REFERENCE_API_PORT),
      REFERENCE_API_ALLOW_RESET: "1",
      // The suite tries sign-in abuse from addresses it names in X-Forwarded-For (loopback is a trusted proxy).
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk) => (stderr += String(chunk)));
  const portal = `http://127.0.0.1:${HOSTILE_PORTAL_PORT}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${portal}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300 || child.exitCode !== null) throw new Error(`the portal did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  project.provide("portal", portal);
  project.provide("referenceApi", `http://127.0.0.1:${HOSTILE_REFERENCE_API_PORT}`);
  return async () => {
    child?.kill("SIGTERM");
    if (child && child.exitCode === null) await new Promise((r) => child?.once("exit", r));
  };
}
