/**
 * Standalone runner: `npx tsx server/reference-api/main.ts`
 *   REFERENCE_API_DB          SQLite file (default .data/reference-api.db)
 *   REFERENCE_API_PORT        port (default 4010; 0 = any free port)
 *   REFERENCE_API_HOST        host (default 127.0.0.1)
 *   REFERENCE_API_ALLOW_RESET 1/true enables POST /__reset
 *   REFERENCE_API_PORTAL_URL  the portal's base URL, for the links in the e-mails (default http://localhost:3000)
 *   SMTP_URL                  smtp:// or smtps:// server that sends the e-mails (default: the outbox table)
 *   MAIL_FROM                 the e-mails' From (default Agent Portal <no-reply@agent-portal.invalid>)
 *   LOG_LEVEL                 pino level (default info)
 */
import pino from "pino";
import { startReferenceApi } from "./index.ts";

const logger = pino({ level: process.env.LOG_LEVEL ?? "info" });

function flag(value: string | undefined): boolean {
  return value !== undefined && ["1", "true", "yes", "on"].includes(value.trim().toLowerCase());
}

const port = Number(process.env.REFERENCE_API_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  logger.fatal({ REFERENCE_API_PORT: process.env.REFERENCE_API_PORT }, "invalid REFERENCE_API_PORT");
  process.exit(1);
}

const dbPath = process.env.REFERENCE_API_DB || ".data/reference-api.db";
const allowReset = flag(process.env.REFERENCE_API_ALLOW_RESET);
const portalUrl = process.env.REFERENCE_API_PORTAL_URL || "http://localhost:3000";
if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(portalUrl)) {
  logger.fatal({ REFERENCE_API_PORTAL_URL: portalUrl }, "invalid REFERENCE_API_PORTAL_URL: an http(s) URL");
  process.exit(1);
}
const smtpUrl = process.env.SMTP_URL || undefined;
if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
  logger.fatal("invalid SMTP_URL: it must start with smtp:// or smtps://");
  process.exit(1);
}

try {
  const api = await startReferenceApi({
    dbPath,
    port,
    host: process.env.REFERENCE_API_HOST || undefined,
    allowReset,
    logger,
    portalUrl,
    smtpUrl,
    mailFrom: process.env.MAIL_FROM || undefined,
  });
  logger.info(
    { url: api.url, dbPath, allowReset, portalUrl, email: smtpUrl ? "smtp" : "outbox" },
    `reference API listening on ${api.url}`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "reference API stopping");
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "reference API did not close cleanly");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} catch (error) {
  logger.fatal({ err: error }, "reference API failed to start");
  process.exit(1);
}
