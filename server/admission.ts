import type { NextFunction, Request, Response } from "express";

/**
 * Admission control for page and data requests: at most `limit` are processed at once, the rest wait in
 * arrival order (never refused). The limit adapts to the event loop's lag: while every slot is taken and a
 * turn of the loop takes long (CPU-bound rendering), it shrinks; while the loop is quick (requests waiting on
 * the upstream), it grows. Below the limit nothing waits, so light traffic never notices it. Why: libuv accepts one new connection per turn of the event loop, so when every ready socket
 * renders a page, a turn takes seconds, new connections wait in the kernel's backlog for tens of seconds and
 * latency becomes a lottery. With the limit a turn stays short: connections are accepted, requests are
 * served first come first served, and memory is bounded. See docs/decisions/011-deploys-and-proxies.md.
 */
export interface AdmissionOptions {
  /** Smallest limit. */
  min?: number;
  /** Starting limit, to which it returns while the loop is quick. */
  initial?: number;
  max?: number;
  /** Above this event-loop lag (ms) the limit shrinks; below a third of it, it may grow. */
  targetLagMs?: number;
  /** How often the lag is sampled and the limit adjusted (ms). */
  intervalMs?: number;
}

export interface Admission {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  stats: () => { limit: number; active: number; waiting: number };
  stop: () => void;
}

export function admissionControl(options: AdmissionOptions = {}): Admission {
  const min = options.min ?? 4;
  const max = options.max ?? 256;
  const targetLagMs = options.targetLagMs ?? 60;
  const intervalMs = options.intervalMs ?? 100;
  const initial = Math.max(min, Math.min(max, options.initial ?? 16));
  let limit = initial;
  let active = 0;
  const waiting: Array<() => void> = [];

  const admitNext = () => {
    while (active < limit) {
      const next = waiting.shift();
      if (!next) return;
      next();
    }
  };

  // The lag of a timer that should fire every intervalMs is how long the current turns of the loop take.
  let expected = performance.now() + intervalMs;
  const timer = setInterval(() => {
    const now = performance.now();
    const lag = Math.max(0, now - expected);
    expected = now + intervalMs;
    if (lag > targetLagMs && active >= limit) {
      // Our own work makes the turns long: admit fewer at once. (A late timer with free slots is some
      // other load on the machine; queueing our requests would not help it.)
      limit = Math.max(min, Math.floor(limit * 0.75));
    } else if (lag < targetLagMs / 3 && (active >= limit || limit < initial)) {
      limit = Math.min(max, limit + 1);
      admitNext();
    }
  }, intervalMs);
  timer.unref();

  const middleware = (_req: Request, res: Response, next: NextFunction) => {
    let started = false;
    const start = () => {
      started = true;
      active++;
      next();
    };
    res.once("close", () => {
      if (started) {
        active--;
        admitNext();
      } else {
        // The client left while waiting: forget it.
        const index = waiting.indexOf(start);
        if (index >= 0) waiting.splice(index, 1);
      }
    });
    if (active < limit && waiting.length === 0) start();
    else waiting.push(start);
  };

  return {
    middleware,
    stats: () => ({ limit, active, waiting: waiting.length }),
    stop: () => clearInterval(timer),
  };
}
