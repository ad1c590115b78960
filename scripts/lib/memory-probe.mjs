// Preloaded (`node --expose-gc --import ./scripts/lib/memory-probe.mjs`) by `npm run check:load` only, never
// in production: on SIGUSR2 the server writes one line `MEMORY {json}` on stderr with its memory before and
// after a full garbage collection.
import { writeSync } from "node:fs";

process.on("SIGUSR2", () => {
  const before = process.memoryUsage();
  globalThis.gc?.();
  const after = process.memoryUsage();
  writeSync(
    2,
    `MEMORY ${JSON.stringify({ rss: before.rss, heapUsed: before.heapUsed, heapUsedAfterGc: after.heapUsed, rssAfterGc: after.rss, external: after.external })}\n`,
  );
});
