import { once } from "node:events";
import { type AddressInfo, createServer } from "node:net";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ServerProcess,
  freePort,
  freePorts,
  parseVmRss,
  portsFromEnv,
  residentBytes,
  spawnServer,
  waitUntilUp,
} from "./portal-process.ts";

/** Listens on `port` (every address) and closes again: true when that worked. */
async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, () => resolve(true));
  });
  if (ok) await new Promise((resolve) => server.close(resolve));
  return ok;
}

const STATUS = `Name:\tnode
Umask:\t0022
State:\tS (sleeping)
VmPeak:\t 1234567 kB
VmHWM:\t  180000 kB
VmRSS:\t  150428 kB
RssAnon:\t   90000 kB
Threads:\t11
`;

describe("parseVmRss: the resident memory of /proc/<pid>/status", () => {
  it("reads the VmRSS line (kB) as bytes, not VmHWM or RssAnon", () => {
    expect(parseVmRss(STATUS)).toBe(150428 * 1024);
  });

  it("null when the line is missing (a kernel thread, a process that is exiting)", () => {
    expect(parseVmRss("Name:\tkthreadd\nState:\tS (sleeping)\n")).toBeNull();
    expect(parseVmRss("")).toBeNull();
  });

  it("reads a live process: this one", async () => {
    const bytes = await residentBytes(process.pid);
    if (process.platform === "linux") expect(bytes).toBeGreaterThan(1024 * 1024);
    else expect(bytes).toBeNull();
  });
});

describe("freePorts: ports a test server can take, never one twice", () => {
  it("gives distinct ports that can be listened on right away", async () => {
    const ports = await freePorts(5);
    expect(ports).toHaveLength(5);
    expect(new Set(ports).size).toBe(5);
    for (const port of ports) {
      expect(port).toBeGreaterThan(0);
      expect(port).toBeLessThanOrEqual(65535);
      expect(await canListen(port), `port ${port}`).toBe(true);
    }
  });

  it("never gives a port the caller said it uses", async () => {
    const [first] = await freePorts(1);
    for (let i = 0; i < 5; i++) expect(await freePorts(3, [first!])).not.toContain(first);
  });

  it("never gives a port something else listens on", async () => {
    const busy = createServer();
    busy.listen(0);
    await once(busy, "listening");
    const { port } = busy.address() as AddressInfo;
    try {
      expect(await freePorts(20)).not.toContain(port);
      expect(await canListen(port)).toBe(false);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it("freePort: one of them", async () => {
    expect(await canListen(await freePort())).toBe(true);
  });

  it("zero ports: none", async () => {
    expect(await freePorts(0)).toEqual([]);
  });
});

describe("portsFromEnv: one choice of ports shared with the processes started afterwards", () => {
  it("gives each missing or empty name its own free port and writes it back into the environment", async () => {
    const env: Record<string, string | undefined> = { E2E_B: "" };
    const ports = await portsFromEnv(["E2E_A", "E2E_B"], env);
    expect(ports.E2E_A).not.toBe(ports.E2E_B);
    expect(env).toEqual({ E2E_A: String(ports.E2E_A), E2E_B: String(ports.E2E_B) });
    expect(await canListen(ports.E2E_A)).toBe(true);
  });

  it("a second reading of the same environment (a Playwright worker) finds the same ports", async () => {
    const env: Record<string, string | undefined> = {};
    const first = await portsFromEnv(["E2E_A", "E2E_B"], env);
    expect(await portsFromEnv(["E2E_A", "E2E_B"], { ...env })).toEqual(first);
  });

  it("keeps a port that is set, and chooses the others around it", async () => {
    const [taken] = await freePorts(1);
    const env: Record<string, string | undefined> = { E2E_A: ` ${taken} ` };
    const ports = await portsFromEnv(["E2E_A", "E2E_B"], env);
    expect(ports.E2E_A).toBe(taken);
    expect(ports.E2E_B).not.toBe(taken);
    expect(env.E2E_A).toBe(` ${taken} `);
  });

  it.each(["abc", "0", "70000", "3.5", "-1", "1e3"])("refuses a value that is not a port (%s)", async (value) => {
    await expect(portsFromEnv(["E2E_A"], { E2E_A: value })).rejects.toThrow(`E2E_A=${value} is not a TCP port`);
  });

  it("refuses one port for two servers", async () => {
    await expect(portsFromEnv(["E2E_A", "E2E_B"], { E2E_A: "3100", E2E_B: "3100" })).rejects.toThrow(
      "E2E_A and E2E_B are both 3100",
    );
  });

  it("uses process.env by default", async () => {
    const saved = process.env.E2E_PORTS_FROM_ENV_TEST;
    delete process.env.E2E_PORTS_FROM_ENV_TEST;
    try {
      const { E2E_PORTS_FROM_ENV_TEST: port } = await portsFromEnv(["E2E_PORTS_FROM_ENV_TEST"]);
      expect(process.env.E2E_PORTS_FROM_ENV_TEST).toBe(String(port));
    } finally {
      if (saved === undefined) delete process.env.E2E_PORTS_FROM_ENV_TEST;
      else process.env.E2E_PORTS_FROM_ENV_TEST = saved;
    }
  });
});

describe("waitUntilUp: a started process is waited on by its readiness signal, not a fixed time", () => {
  let dir = "";
  const servers: ServerProcess[] = [];
  /** A small node program in a file of its own, started as the tests start the portal. */
  async function start(name: string, source: string, env: Record<string, string> = {}) {
    const file = path.join(dir, name);
    await writeFile(file, source);
    const server = spawnServer(file, env);
    servers.push(server);
    return server;
  }
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "wait-until-up-"));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await rm(dir, { recursive: true, force: true });
  });

  it("returns once the URL answers 2xx: not before (503 while starting), and without a fixed wait", async () => {
    const port = await freePort();
    const server = await start(
      "slow-start.mjs",
      `import { createServer } from "node:http";
       let ready = false;
       setTimeout(() => (ready = true), 300);
       createServer((req, res) => res.writeHead(ready ? 200 : 503).end(String(ready))).listen(Number(process.env.PORT));`,
      { PORT: String(port) },
    );
    const started = Date.now();
    await waitUntilUp(server, `http://127.0.0.1:${port}/readyz`, 10_000, 20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await (await fetch(`http://127.0.0.1:${port}/readyz`)).text()).toBe("true");
  });

  it("fails at once, with the process's output, when it exits during start-up", async () => {
    const server = await start("bad-config.mjs", `console.error("PORT is not a port"); process.exit(3);`);
    const started = Date.now();
    await expect(waitUntilUp(server, `http://127.0.0.1:${await freePort()}/healthz`, 30_000, 20)).rejects.toThrow(
      "the process exited during start-up (3): PORT is not a port",
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("fails at once when it is ended by a signal (no exit code)", async () => {
    const server = await start("killed.mjs", `process.kill(process.pid, "SIGKILL");`);
    const started = Date.now();
    await expect(waitUntilUp(server, `http://127.0.0.1:${await freePort()}/healthz`, 30_000, 20)).rejects.toThrow(
      "the process exited during start-up (SIGKILL)",
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("fails after its deadline when nothing answers", async () => {
    const server = await start("silent.mjs", `setInterval(() => {}, 1000);`);
    await expect(waitUntilUp(server, `http://127.0.0.1:${await freePort()}/healthz`, 300, 20)).rejects.toThrow(
      "not up within 0.3 s",
    );
  });
});
