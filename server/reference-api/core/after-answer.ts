/**
 * Work a request leaves for after its answer: the e-mails, and the look-ups of the endpoints that must not
 * tell whether an account exists (their answer goes out first, so its timing tells nothing either). A failure
 * is logged, never thrown. The test-only GET /__outbox and close() wait for what is still running.
 */
import type { Logger } from "pino";

export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Starts `work` now, without waiting for it; `what` names it in the log if it fails. */
  run(what: string, work: () => Promise<void>): void {
    const task = Promise.resolve()
      .then(work)
      .catch((error: unknown) => {
        this.logger.error({ err: error, task: what }, "reference-api work after the answer failed");
      })
      .finally(() => {
        this.running.delete(task);
      });
    this.running.add(task);
  }

  /** Resolves once nothing started so far (or by what is running) is still running. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
