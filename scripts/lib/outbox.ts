/**
 * `npm run outbox` (scripts/outbox.ts): the latest e-mails the reference API wrote to its outbox table (demo
 * mode without SMTP_URL), read straight from its SQLite file, so it works while the portal runs.
 */
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";

export const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 100;

export interface OutboxOptions {
  /** Only the e-mails to this address (any case). */
  to: string | null;
  limit: number;
}

export const USAGE = `Usage: npm run outbox [-- --to <address>] [--limit <n>]
Prints the latest e-mails (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}) the demo's reference API wrote to its outbox,
the newest last. Reads REFERENCE_API_DB (default .data/reference-api.db).`;

/** The command line's options, or what is wrong with it. */
export function parseOutboxArgs(argv: readonly string[]): OutboxOptions | { error: string } | { help: true } {
  const options: OutboxOptions = { to: null, limit: DEFAULT_LIMIT };
  for (let i = 0; i < argv.length; i++) {
    const [flag = "", inline] = (argv[i] ?? "").split(/=(.*)/s, 2);
    if (flag === "--help" || flag === "-h") return { help: true };
    if (flag !== "--to" && flag !== "--limit") return { error: `Unknown option ${flag}` };
    const value = inline ?? argv[++i];
    if (value === undefined || value === "") return { error: `${flag} needs a value` };
    if (flag === "--to") options.to = value.trim();
    else {
      const limit = Number(value);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
        return { error: `--limit must be a whole number from 1 to ${MAX_LIMIT}` };
      options.limit = limit;
    }
  }
  return options;
}

export interface OutboxEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The latest e-mails of the outbox in `dbPath`, newest first. Throws an Error saying what is missing. */
export async function latestEmails(dbPath: string, { to, limit }: OutboxOptions): Promise<OutboxEmail[]> {
  if (!existsSync(dbPath)) {
    throw new Error(
      `No reference API database at ${dbPath}: start the demo (npm run demo) first, or set REFERENCE_API_DB.`,
    );
  }
  const db = createClient({ url: pathToFileURL(dbPath).href });
  try {
    const table = await db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'");
    if (table.rows.length === 0) {
      throw new Error(`${dbPath} has no outbox yet (seeded by an older version): start the demo once to update it.`);
    }
    const found = await db.execute({
      sql: `SELECT id, to_address, subject, text_body, created_at FROM outbox
            ${to ? "WHERE to_address = ? COLLATE NOCASE" : ""} ORDER BY id DESC LIMIT ?`,
      args: to ? [to, limit] : [limit],
    });
    return found.rows.map((r) => ({
      id: Number(r.id),
      to: String(r.to_address),
      subject: String(r.subject),
      text: String(r.text_body),
      createdAt: String(r.created_at),
    }));
  } finally {
    db.close();
  }
}

const RULE = "─".repeat(72);

/** The e-mails (newest first, as latestEmails gives them) for a terminal: the oldest first, the newest last. */
export function formatEmails(emails: readonly OutboxEmail[], options: OutboxOptions): string {
  if (emails.length === 0) return options.to ? `No e-mails to ${options.to} in the outbox.` : "The outbox is empty.";
  const blocks = [...emails]
    .reverse()
    .map((e) =>
      [
        RULE,
        `#${e.id}  ${e.createdAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}`,
        `To:      ${e.to}`,
        `Subject: ${e.subject}`,
        "",
        e.text.trimEnd(),
      ].join("\n"),
    );
  const heading = `The latest ${emails.length} e-mail${emails.length === 1 ? "" : "s"}${options.to ? ` to ${options.to}` : ""}, the newest last:`;
  return [heading, ...blocks, RULE].join("\n");
}
