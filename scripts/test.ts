/**
 * `npm test` (issue 36): every phase in turn, as the `&&` chain did (the first that fails stops the run and its
 * exit code is the run's), each timed. The run ends, passed or not, with how long each phase took and the 20
 * slowest tests of every tier (scripts/lib/test-timings.ts), so the next person sees what their change costs.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { TIMINGS_DIR, readTimings, slowest } from "./lib/test-timings.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const json = (tier: string) => `--reporter=default --reporter=json --outputFile.json=${TIMINGS_DIR}/${tier}.json`;

/** The phases of `npm test`, in order. */
const PHASES: ReadonlyArray<{ name: string; command: string }> = [
  { name: "typecheck", command: "npm run typecheck" },
  { name: "lint", command: "npm run lint" },
  { name: "unit", command: `npx vitest run ${json("unit")}` },
  { name: "chromium", command: "node scripts/ensure-chromium.mjs" },
  { name: "build", command: "npm run build" },
  { name: "e2e", command: "npx playwright test" },
  { name: "budgets", command: "npx tsx scripts/check-budgets.ts" },
  { name: "hostile", command: `npx vitest run -c vitest.hostile.config.ts ${json("hostile")}` },
  { name: "shutdown", command: "npx tsx scripts/check-shutdown.ts" },
  { name: "servers", command: "node scripts/ensure-servers.mjs" },
  { name: "multihost", command: "npx tsx scripts/check-multihost.ts" },
];

function run(command: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: ROOT, shell: true, stdio: "inherit" });
    child.once("error", () => resolve(1));
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  rmSync(path.join(ROOT, TIMINGS_DIR), { recursive: true, force: true });
  const started = performance.now();
  const done: Array<{ name: string; ms: number; code: number }> = [];
  let code = 0;
  for (const phase of PHASES) {
    const at = performance.now();
    code = await run(phase.command);
    done.push({ name: phase.name, ms: performance.now() - at, code });
    if (code !== 0) break;
  }
  const total = performance.now() - started;

  const lines = ["", "npm test: time per phase"];
  for (const phase of done)
    lines.push(`  ${phase.name.padEnd(10)} ${seconds(phase.ms).padStart(9)}${phase.code === 0 ? "" : "  FAILED"}`);
  for (const phase of PHASES.slice(done.length)) lines.push(`  ${phase.name.padEnd(10)} ${"not run".padStart(9)}`);
  lines.push(`  ${"total".padEnd(10)} ${seconds(total).padStart(9)}`, "", "The 20 slowest tests:");
  for (const test of slowest(readTimings(path.join(ROOT, TIMINGS_DIR), ROOT), 20))
    lines.push(`  ${seconds(test.ms).padStart(8)}  ${test.tier.padEnd(7)} ${test.title}`);
  console.log(lines.join("\n"));
  return code;
}

process.exitCode = await main();
