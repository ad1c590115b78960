// The end-to-end tests drive Debian's Chromium (never a downloaded browser): its headless shell, the same engine
// without the desktop browser's window and UI processes, which runs the suite's pages in about two thirds of the
// full browser's time on 2 cores (issue 36, docs/decisions/042-test-tiers.md). Install it when missing.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

// `--full`: the desktop browser instead, for `npm run bench` (Lighthouse drives a full Chromium).
const PACKAGE = process.argv.includes("--full") ? "chromium" : "chromium-headless-shell";
const CHROMIUM = process.argv.includes("--full")
  ? "/usr/bin/chromium"
  : (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell");

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y ${PACKAGE} ` +
      "(or set CHROMIUM_PATH to a Chromium binary).",
  );
  process.exit(1);
}
console.log(`Installing Debian's ${PACKAGE}…`);
execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGE}`, {
  stdio: "inherit",
  shell: "/bin/bash",
});
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
