/**
 * `npm test` (issue 36): every phase in turn, as the `&&` chain did (the first that fails stops the run and its
 * exit code is the run's), each timed; lint, the format check and the build beside typecheck, and the deploy checks
 * (shutdown, servers, multihost, one after another) beside the hostile suite (`beside`, `then`). The run ends,
 * passed or not, with how long each phase took and the 20 slowest tests of every tier (scripts/lib/test-timings.ts),
 * so the next person sees what their change costs.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { TIMINGS_DIR, readTimings, slowest } from "./lib/test-timings.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const json = (tier: string) => `--reporter=default --reporter=json --outputFile.json=${TIMINGS_DIR}/${tier}.json`;

interface Phase {
  name: string;
  command: string;
  /**
   * Runs beside the phase before it (and that one's own companions), its output held back and printed when it ends:
   * tsc, ESLint and the build each keep one core busy, so on 2 cores the three take about as long as the slowest.
   */
  beside?: true;
  /**
   * Runs after the phase before it, in the same lane of its group (beside the group's first phase when that one is
   * `beside`): the deploy checks one after another, the servers installed before the multi-host check uses them.
   */
  then?: true;
}

/** The phases of `npm test`, in order. */
const PHASES: readonly Phase[] = [
  // The route types first: tsc, ESLint's type-aware rules and the build all read them.
  { name: "typegen", command: "npx react-router typegen" },
  { name: "typecheck", command: "npx tsc" },
  // ESLint and Prettier (`npm run lint`) as two jobs: one alone was the group's tail, on one core, for 40 s.
  { name: "lint", command: "npx eslint .", beside: true },
  { name: "format", command: "npx prettier --check .", beside: true },
  { name: "build", command: "npm run build", beside: true },
  { name: "unit", command: `npx vitest run ${json("unit")}` },
  { name: "chromium", command: "node scripts/ensure-chromium.mjs" },
  { name: "e2e", command: "npx playwright test" },
  { name: "budgets", command: "npx tsx scripts/check-budgets.ts" },
  { name: "hostile", command: `npx vitest run -c vitest.hostile.config.ts ${json("hostile")}` },
  // Beside the hostile suite, which leaves a third of the cores idle (one portal process, one client): the deploy
  // checks mostly wait (a drain, a balancer, hosts starting), and each allows tens of seconds for what takes one.
  { name: "shutdown", command: "npx tsx scripts/check-shutdown.ts", beside: true },
  { name: "servers", command: "node scripts/ensure-servers.mjs", then: true },
  { name: "multihost", command: "npx tsx scripts/check-multihost.ts", then: true },
];

/** Runs a command; its output goes straight through, or, `held`, is printed in one piece when it ends. */
async function run(command: string, held = false): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: ROOT, shell: true, stdio: held ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    const end = (code: number) => {
      if (held) process.stdout.write(`\n> ${command}\n${Buffer.concat(output).toString()}`);
      resolve(code);
    };
    child.once("error", () => end(1));
    child.once("exit", (code, signal) => end(code ?? (signal ? 1 : 0)));
  });
}

/**
 * The phases in groups of lanes: a phase and the `beside` phases after it run together, each in a lane of its own; a
 * `then` phase joins the lane before it, to run once that lane's last phase is done.
 */
function groups(phases: readonly Phase[]): Phase[][][] {
  const out: Phase[][][] = [];
  for (const phase of phases) {
    const group = out.at(-1);
    const lane = group?.at(-1);
    if (phase.then && lane) lane.push(phase);
    else if (phase.beside && group) group.push([phase]);
    else out.push([[phase]]);
  }
  return out;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  rmSync(path.join(ROOT, TIMINGS_DIR), { recursive: true, force: true });
  const started = performance.now();
  const done: Array<{ name: string; ms: number; code: number }> = [];
  let code = 0;
  for (const group of groups(PHASES)) {
    // A lane stops at its first failure; the group's other lanes run to their end.
    const lanes = await Promise.all(
      group.map(async (lane, i) => {
        const results: Array<{ name: string; ms: number; code: number }> = [];
        for (const phase of lane) {
          const at = performance.now();
          const exit = await run(phase.command, i > 0);
          results.push({ name: phase.name, ms: performance.now() - at, code: exit });
          if (exit !== 0) break;
        }
        return results;
      }),
    );
    const results = lanes.flat();
    done.push(...results);
    code = results.find((r) => r.code !== 0)?.code ?? 0;
    if (code !== 0) break;
  }
  const total = performance.now() - started;

  const lines = [
    "",
    "npm test: time per phase (lint, format and build run beside typecheck; shutdown, servers and multihost beside hostile)",
  ];
  for (const phase of done)
    lines.push(`  ${phase.name.padEnd(10)} ${seconds(phase.ms).padStart(9)}${phase.code === 0 ? "" : "  FAILED"}`);
  for (const phase of PHASES.filter((p) => !done.some((d) => d.name === p.name)))
    lines.push(`  ${phase.name.padEnd(10)} ${"not run".padStart(9)}`);
  lines.push(`  ${"total".padEnd(10)} ${seconds(total).padStart(9)}`, "", "The 20 slowest tests:");
  for (const test of slowest(readTimings(path.join(ROOT, TIMINGS_DIR), ROOT), 20))
    lines.push(`  ${seconds(test.ms).padStart(8)}  ${test.tier.padEnd(7)} ${test.title}`);
  console.log(lines.join("\n"));
  return code;
}

process.exitCode = await main();
