/**
 * The HTTP side every file import shares (issue 24): the checks before a body is read, refusing it unread, and a write that goes on
 * in the background after its 202 answer.
 */
import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import { zodFields } from "../../admin/list-support.ts";
import type { ReferenceDb } from "../db.ts";
import { fileTooLarge } from "./read-file.ts";

/**
 * After an early answer, what the client still sends is read and dropped, so that it reads the answer rather than a
 * reset; but only this much: past `bytes` reading stops (its writes wait; it can still read the answer) and a client
 * still sending after `ms` is cut off. The portal's own server does the same (server/request-handler.ts).
 */
export const LINGER_AFTER_REFUSAL = { bytes: 8 * 1024 * 1024, ms: 2_000 };

/**
 * A body the API will not read (refused before it is read, or at its first lines): answered, then what the client
 * still sends is discarded within LINGER_AFTER_REFUSAL. No `Connection: close`: Node closes such a connection as soon
 * as the answer is written, and the client, still writing, got a reset (EPIPE) that could come before it had read the
 * answer (issue 35 §2). The connection is kept for another request once the body has ended.
 */
export function refuseUnread(req: Request, res: Response, status: number, body: unknown): void {
  res.status(status).json(body);
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_AFTER_REFUSAL.bytes) req.pause();
  });
  req.resume();
  if (!req.complete) {
    const cutOff = setTimeout(() => req.socket.destroy(), LINGER_AFTER_REFUSAL.ms);
    cutOff.unref();
    req.once("end", () => clearTimeout(cutOff));
  }
}

export type StartOutcome = { refused: string } | { started: true };

/** How reading an upload into an import ended (staging.ts' readIntoStaging): ready, or refused whole. */
export type ReadOutcome =
  { kind: "ready"; id: number } | { kind: "refused"; id: number; status: 409 | 413 | 422; message: string };

/**
 * Runs a background write (`run`, which calls its `onStart` once it has marked the import as running, or says why
 * it cannot): answered 202 with `started()` or 409 with the refusal; the write goes on after the answer, and the
 * import's own status and progress say how far it is. A failure before the answer is a 500 with `failMessage`.
 */
export function startInBackground(
  res: Response,
  logger: Logger,
  options: {
    run: (onStart: (outcome: StartOutcome) => void) => Promise<void>;
    started: () => Promise<unknown>;
    done: () => Promise<void>;
    failMessage: string;
    logContext: Record<string, unknown>;
  },
): void {
  let answered = false;
  options
    .run((start) => {
      answered = true;
      if ("refused" in start) {
        res.status(409).json({ error: start.refused });
        return;
      }
      // The import's read can fail (the db closing): logged and answered, never an unhandled rejection.
      options
        .started()
        .then((body) => res.status(202).json(body))
        .catch((error: unknown) => {
          logger.error({ err: error, ...options.logContext }, "background import started, reading it failed");
          if (!res.headersSent) res.status(500).json({ error: options.failMessage });
        });
    })
    .then(options.done, (error: unknown) => {
      logger.error({ err: error, ...options.logContext }, "background import failed");
      if (!answered) res.status(500).json({ error: options.failMessage });
    });
}

/** Lets other requests through between the chunks of a long write. */
export const yieldToOthers = async () => new Promise((resolve) => setImmediate(resolve));

export const UNKNOWN_CARRIER = "Choose one of the carriers.";
export const NOT_CSV_BODY = "Send the file's bytes as the body (Content-Type: text/csv).";

/**
 * What every upload is checked for before its body is read: its facts (422 at their fields), a carrier that exists
 * when the facts name one (422), a CSV body rather than a form (415) and a declared size within `maxBytes` (413). Answers the refusal and
 * gives null, or gives the facts.
 */
export async function uploadFacts<T extends { fileName: string; carrierId?: number }>(
  db: ReferenceDb,
  req: Request,
  res: Response,
  facts: z.ZodSafeParseResult<T>,
  maxBytes: number,
): Promise<T | null> {
  if (!facts.success) {
    const fields = zodFields(facts.error);
    refuseUnread(req, res, 422, { error: Object.values(fields).flat().join(" "), fields });
    return null;
  }
  // A carrier's file names its carrier; a Sunfire export has none.
  const carrierId = facts.data.carrierId;
  const carrier =
    carrierId === undefined
      ? null
      : await db.client.execute({ sql: "SELECT 1 FROM carriers WHERE id = ?", args: [carrierId] });
  if (carrier && carrier.rows.length === 0) {
    refuseUnread(req, res, 422, { error: UNKNOWN_CARRIER, fields: { carrierId: [UNKNOWN_CARRIER] } });
    return null;
  }
  if (req.is("application/json") || req.is("application/x-www-form-urlencoded") || req.is("multipart/form-data")) {
    refuseUnread(req, res, 415, { error: NOT_CSV_BODY });
    return null;
  }
  if (Number(req.get("content-length") ?? 0) > maxBytes) {
    refuseUnread(req, res, 413, { error: fileTooLarge(maxBytes) });
    return null;
  }
  return facts.data;
}
