/**
 * server/cluster.test.ts runs this file as a cluster: the primary is server/cluster-primary.ts' startPrimary, each worker
 * a small HTTP server on FIXTURE_PORT whose limiter comes from app/.server/limiter-store.ts (the cluster store).
 * GET /consume spends one of 5 shared points, /crash ends the worker that gets it, anything else answers its
 * pid. FIXTURE_FAIL=1 makes every worker fail at start-up.
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import pino from "pino";
import { createLimiter } from "../app/.server/limiter-store.ts";
import { startPrimary } from "./cluster-primary.ts";

if (cluster.isPrimary) {
  const primary = startPrimary({ workers: 2, workerEnv: {}, logger: pino({ level: "silent" }) });
  process.once("SIGTERM", () => void primary.stop().then((code) => process.exit(code)));
  primary.ready.then(
    () => console.log("ready"),
    (error: Error) => {
      console.log(`failed: ${error.message}`);
      void primary.stop().then(() => process.exit(1));
    },
  );
} else {
  if (process.env.FIXTURE_FAIL === "1") process.exit(1);
  const limiter = createLimiter({ keyPrefix: "fixture", points: 5, duration: 60 });
  const server = createServer((req, res) => {
    if (req.url === "/crash") process.exit(3);
    if (req.url !== "/consume") return void res.end(String(process.pid));
    limiter.consume("one-key").then(
      () => res.end(`${process.pid} ok`),
      () => res.end(`${process.pid} refused`),
    );
  });
  server.listen(Number(process.env.FIXTURE_PORT), "127.0.0.1");
  process.once("SIGTERM", () => server.close(() => process.exit(0)));
}
