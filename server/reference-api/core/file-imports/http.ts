/**
 * The HTTP side every file import shares (issue 24): refusing a body before reading it, and a write that goes on
 * in the background after its 202 answer.
 */
import type { Request, Response } from "express";
import type { Logger } from "pino";

/**
 * A body the API will not read (refused before it is read): answered, then what the client still sends is discarded
 * for a short while (so it sees the answer rather than a reset) and a client that never stops is cut off.
 */
export function refuseUnread(req: Request, res: Response, status: number, body: unknown): void {
  res.setHeader("connection", "close");
  res.status(status).json(body);
  req.resume();
  if (!req.complete) {
    const cutOff = setTimeout(() => req.socket.destroy(), 2_000);
    cutOff.unref();
    req.once("end", () => clearTimeout(cutOff));
  }
}

export type StartOutcome = { refused: string } | { started: true };

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
      void options.started().then((body) => res.status(202).json(body));
    })
    .then(options.done, (error: unknown) => {
      logger.error({ err: error, ...options.logContext }, "background import failed");
      if (!answered) res.status(500).json({ error: options.failMessage });
    });
}

/** Lets other requests through between the chunks of a long write. */
export const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));
