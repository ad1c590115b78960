import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../scripts/lib/portal-process";

const FIXTURE = path.join(import.meta.dirname, "cluster.fixture.ts");
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** The fixture cluster (server/cluster.fixture.ts); resolves with what its primary printed first. */
async function startFixture(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE], {
    env: { ...process.env, FIXTURE_PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const said = await new Promise<string>((resolve) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += String(chunk);
      if (out.includes("\n")) resolve(out.trim());
    });
    void exited.then(() => resolve(out.trim()));
  });
  return { child, port, said, exited };
}

/** One GET on a connection of its own, so that the cluster hands each to the next worker. */
async function get(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target, agent: false }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += String(chunk)));
      res.on("end", () => resolve(text));
    });
    req.on("error", reject);
    req.end();
  });
}

// Three processes start (tsx): slow on a busy machine.
describe("WEB_CONCURRENCY > 1: the cluster's primary (server/cluster-primary.ts)", { timeout: 90_000 }, () => {
  it("its workers share one limiter count, a worker that dies is replaced, SIGTERM stops every worker: exit 0", async () => {
    const cluster = await startFixture({});
    expect(cluster.said).toBe("ready");

    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await get(cluster.port, "/consume"));
    const pids = new Set(answers.map((a) => a.split(" ")[0]));
    // Both workers counted, against one count of 5 points.
    expect(pids.size).toBe(2);
    expect(answers.filter((a) => a.endsWith(" ok"))).toHaveLength(5);
    expect(answers.filter((a) => a.endsWith(" refused"))).toHaveLength(5);

    await get(cluster.port, "/crash").catch(() => "the worker ended without answering");
    let replaced = false;
    for (let i = 0; i < 100 && !replaced; i++) {
      const pid = await get(cluster.port, "/").catch(() => "");
      replaced = pid !== "" && !pids.has(pid);
      if (!replaced) await new Promise((r) => setTimeout(r, 100));
    }
    expect(replaced).toBe(true);
    // The new worker joins the same count: still refused.
    const after = await Promise.all([get(cluster.port, "/consume"), get(cluster.port, "/consume")]);
    expect(after.every((a) => a.endsWith(" refused"))).toBe(true);

    cluster.child.kill("SIGTERM");
    expect(await cluster.exited).toBe(0);
  });

  it("a worker that cannot start stops the whole host: exit 1", async () => {
    const cluster = await startFixture({ FIXTURE_FAIL: "1" });
    expect(cluster.said).toMatch(/^failed: a worker exited during start-up/);
    expect(await cluster.exited).toBe(1);
  });
});
