/**
 * One send at a time: a form's second submit while its first is under way (a double click, Enter pressed
 * twice) is cancelled. The guard opens again once the router reports the send settled (idle after pending),
 * or when the router never reported it pending within UNCONFIRMED_SEND_MS (the send did not happen).
 */
export const UNCONFIRMED_SEND_MS = 2000;

interface SubmitEventLike {
  readonly defaultPrevented: boolean;
  preventDefault(): void;
}

export interface SubmitGuard {
  /** Whether a send of this form is under way. */
  busy(): boolean;
  /**
   * At a submit event: cancels it while a send is under way; otherwise runs `validate` (conform's handler,
   * which cancels an invalid form) and records the send unless the event was cancelled. Returns whether
   * the send goes.
   */
  submit<E extends SubmitEventLike>(event: E, validate?: (event: E) => void): boolean;
  /** The router's (or fetcher's) state for the form: pending while a send is under way. */
  update(pending: boolean): void;
}

export function createSubmitGuard(now: () => number = Date.now): SubmitGuard {
  let startedAt: number | null = null;
  let confirmed = false;
  const busy = () => startedAt !== null && (confirmed || now() - startedAt < UNCONFIRMED_SEND_MS);
  return {
    busy,
    submit(event, validate) {
      if (busy()) {
        event.preventDefault();
        return false;
      }
      validate?.(event);
      if (event.defaultPrevented) return false;
      startedAt = now();
      confirmed = false;
      return true;
    },
    update(pending) {
      if (startedAt === null) return;
      if (pending) confirmed = true;
      else if (confirmed) {
        startedAt = null;
        confirmed = false;
      }
    },
  };
}
