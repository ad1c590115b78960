/**
 * The reference upstream API: a real HTTP service over an embedded SQLite file, speaking the contract
 * of docs/upstream-api.md. The portal talks to it over HTTP; tests start one on a temporary db file.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino, { type Logger } from "pino";
import { AfterAnswer } from "./core/after-answer.ts";
import { createApp } from "./app.ts";
import { ReferenceDb } from "./core/db.ts";
import { Mailer, type MailTransport } from "./mail/mailer.ts";
import { seedStatements } from "./seed/seed.ts";

export interface ReferenceApiOptions {
  /** SQLite file; its parent directory is created if missing. */
  dbPath: string;
  /** 0 or undefined = any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Enables POST /__reset (204). Otherwise that path is 404. */
  allowReset?: boolean;
  logger?: Logger;
  /** Pins the seed's day (YYYY-MM-DD); by default its dates are relative to the day each (re)seed runs. */
  seedDay?: string;
  /** The portal's external base URL, for the links in the e-mails (default http://localhost:3000). */
  portalUrl?: string;
  /** smtp:// or smtps:// URL of the server that sends the e-mails; unset: they go to the outbox table. */
  smtpUrl?: string;
  /** The e-mails' From (default `Agent Portal <no-reply@agent-portal.invalid>`). */
  mailFrom?: string;
  /** Tests: sends the e-mails through this instead (as with smtpUrl). */
  mailTransport?: MailTransport;
}

export interface ReferenceApi {
  /** e.g. http://127.0.0.1:43123 (no trailing slash). */
  url: string;
  /** Stops the server (dropping idle keep-alive connections) and closes the db. */
  close(): Promise<void>;
  /** Restores every data table to the seed; the sessions table is kept, so tokens stay valid. */
  reset(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

export async function startReferenceApi(options: ReferenceApiOptions): Promise<ReferenceApi> {
  const host = options.host ?? "127.0.0.1";
  const logger = (options.logger ?? pino({ level: process.env.LOG_LEVEL ?? "info" })).child({
    component: "reference-api",
  });
  const db = await ReferenceDb.open(options.dbPath, options.seedDay, async (dates) =>
    seedStatements(dates, { portalUrl: options.portalUrl }),
  );
  const reset = async () => db.reset();
  const after = new AfterAnswer(logger);
  const mailer = new Mailer({
    db,
    logger,
    after,
    portalUrl: options.portalUrl,
    smtpUrl: options.smtpUrl,
    from: options.mailFrom,
    transport: options.mailTransport,
  });
  const app = createApp({ db, logger, allowReset: options.allowReset ?? false, reset, mailer, after });

  const server: Server = createServer(app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    db.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${port}`;
  logger.debug({ url, dbPath: options.dbPath, email: mailer.via }, "reference-api listening");

  let closing: Promise<void> | undefined;
  return {
    url,
    reset,
    async close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          // The e-mails of the last answers go out before the db closes.
          void after.settled().then(() => {
            db.close();
            if (error) reject(error);
            else resolve();
          });
        });
        server.closeIdleConnections();
        // Callers stop the API when they are done with it: do not wait for clients' keep-alive sockets.
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      });
      return closing;
    },
  };
}
