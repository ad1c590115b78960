import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Admission, admissionControl } from "./admission";

const admissions: Admission[] = [];
afterEach(() => admissions.splice(0).forEach((a) => a.stop()));

/** A request through the middleware: `started` once admitted, `finish()` ends its answer. */
function request(admission: Admission, log: string[], name: string) {
  const res = new EventEmitter();
  let started = false;
  admission.middleware(
    {} as Request,
    res as unknown as Response,
    (() => {
      started = true;
      log.push(name);
    }) as NextFunction,
  );
  return { started: () => started, finish: () => res.emit("close") };
}

describe("admission control: pages wait their turn while the event loop is busy", () => {
  it("admits up to the limit at once, then first come first served as answers finish", () => {
    const admission = admissionControl({ min: 2 });
    admissions.push(admission);
    const { limit } = admission.stats();
    const log: string[] = [];
    const requests = Array.from({ length: limit + 3 }, (_, i) => request(admission, log, `r${i}`));
    expect(log).toHaveLength(limit);
    expect(admission.stats()).toMatchObject({ active: limit, waiting: 3 });
    requests[0]!.finish();
    expect(log.at(-1)).toBe(`r${limit}`);
    requests[1]!.finish();
    requests[2]!.finish();
    expect(log.slice(limit)).toEqual([`r${limit}`, `r${limit + 1}`, `r${limit + 2}`]);
    expect(admission.stats()).toMatchObject({ waiting: 0 });
  });

  it("a client that leaves while waiting is forgotten", () => {
    const admission = admissionControl();
    admissions.push(admission);
    const { limit } = admission.stats();
    const log: string[] = [];
    const running = Array.from({ length: limit }, (_, i) => request(admission, log, `r${i}`));
    const gone = request(admission, log, "gone");
    const next = request(admission, log, "next");
    gone.finish();
    expect(admission.stats().waiting).toBe(1);
    running[0]!.finish();
    expect(gone.started()).toBe(false);
    expect(next.started()).toBe(true);
  });

  it("the limit shrinks while every slot is taken and turns of the event loop are long, never below min", async () => {
    const admission = admissionControl({ min: 3, targetLagMs: 20, intervalMs: 10 });
    admissions.push(admission);
    const before = admission.stats().limit;
    const log: string[] = [];
    for (let i = 0; i < before + 10; i++) request(admission, log, `r${i}`);
    for (let i = 0; i < 8; i++) {
      const until = Date.now() + 40;
      while (Date.now() < until) {
        // a long synchronous turn, like rendering many pages at once
      }
      // Deliberate: a turn for the lag timer to fire and see the long one (the behaviour under test).
      await new Promise((r) => setTimeout(r, 15));
    }
    expect(admission.stats().limit).toBeLessThan(before);
    expect(admission.stats().limit).toBeGreaterThanOrEqual(3);
  });

  it("a slow loop with free slots (other load on the machine) does not shrink the limit", async () => {
    const admission = admissionControl({ min: 3, targetLagMs: 20, intervalMs: 10 });
    admissions.push(admission);
    const before = admission.stats().limit;
    const log: string[] = [];
    request(admission, log, "only one");
    for (let i = 0; i < 5; i++) {
      const until = Date.now() + 40;
      while (Date.now() < until) {
        // busy, but not with admitted requests
      }
      // Deliberate: a turn for the lag timer to fire and see the long one (the behaviour under test).
      await new Promise((r) => setTimeout(r, 15));
    }
    expect(admission.stats().limit).toBe(before);
  });

  it("the limit grows while the loop is quick and every slot is taken", async () => {
    const admission = admissionControl({ min: 2, targetLagMs: 300, intervalMs: 10 });
    admissions.push(admission);
    const before = admission.stats().limit;
    const log: string[] = [];
    for (let i = 0; i < before + 20; i++) request(admission, log, `r${i}`);
    // Until it has grown (a quick tick comes every 10 ms), not a fixed wait a busy machine can outlast.
    await vi.waitFor(() => expect(admission.stats().limit).toBeGreaterThan(before), { timeout: 5_000, interval: 10 });
    expect(log.length).toBe(admission.stats().limit);
  });
});
