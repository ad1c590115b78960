/**
 * npm run outbox [-- --to <address>] [--limit <n>]: the latest e-mails the demo's reference API wrote to its
 * outbox (no SMTP_URL set), from the SQLite file at REFERENCE_API_DB (default .data/reference-api.db, relative
 * to the project root, as the portal reads it). Works while the portal runs.
 */
import path from "node:path";
import { USAGE, formatEmails, latestEmails, parseOutboxArgs } from "./lib/outbox.ts";
import { ROOT } from "./lib/portal-process.ts";

const options = parseOutboxArgs(process.argv.slice(2));
if ("help" in options) {
  console.log(USAGE);
} else if ("error" in options) {
  console.error(`${options.error}\n${USAGE}`);
  process.exit(2);
} else {
  const dbPath = path.resolve(ROOT, process.env.REFERENCE_API_DB || ".data/reference-api.db");
  try {
    console.log(formatEmails(await latestEmails(dbPath, options), options));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
