// The multi-host check (scripts/check-multihost.ts) runs Debian's redis-server and haproxy, as the end-to-end
// tests run Debian's Chromium (scripts/ensure-chromium.mjs). Install them when missing.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const SERVERS = [
  { bin: process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server", pkg: "redis-server" },
  { bin: process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy", pkg: "haproxy" },
];

const missing = () => SERVERS.filter((server) => !existsSync(server.bin));
if (missing().length === 0) process.exit(0);

const packages = missing()
  .map((server) => server.pkg)
  .join(" ");
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  console.error(
    `${missing()
      .map((server) => server.bin)
      .join(" and ")} missing. Install with: sudo apt-get update && sudo apt-get install -y ${packages} ` +
      "(or set REDIS_SERVER_PATH / HAPROXY_PATH to their binaries).",
  );
  process.exit(1);
}
console.log(`Installing Debian's ${packages} for the multi-host check…`);
// Installed for their binaries only: the check starts its own instances (policy-rc.d may refuse the services).
execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
  stdio: "inherit",
  shell: "/bin/bash",
});
if (missing().length > 0) {
  console.error(
    `apt-get finished but ${missing()
      .map((server) => server.bin)
      .join(" and ")} still missing.`,
  );
  process.exit(1);
}
