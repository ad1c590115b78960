import { describe, expect, it } from "vitest";
import { waitFor } from "./wait-for.ts";

describe("waitFor: a condition with a deadline instead of a fixed sleep", () => {
  it("returns the condition's first truthy value, as soon as it comes", async () => {
    let asked = 0;
    const started = Date.now();
    const value = await waitFor(() => (++asked >= 3 ? { asked } : null), { what: "the third ask", pollMs: 5 });
    expect(value).toEqual({ asked: 3 });
    expect(asked).toBe(3);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("awaits an async condition", async () => {
    let asked = 0;
    await expect(waitFor(async () => ++asked === 2 && "ready", { what: "ready", pollMs: 1 })).resolves.toBe("ready");
  });

  it("returns at once when the condition already holds (no first sleep)", async () => {
    const started = Date.now();
    await waitFor(() => true, { what: "always", pollMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("throws, naming what it waited for, once the deadline has passed", async () => {
    let asked = 0;
    const started = Date.now();
    await expect(waitFor(() => (asked++, false), { what: "the log line", timeoutMs: 100, pollMs: 10 })).rejects.toThrow(
      "the log line: not within 0.1 s",
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(asked).toBeGreaterThan(1);
  });

  it("stops with the condition's own error", async () => {
    await expect(
      waitFor(
        () => {
          throw new Error("the process exited");
        },
        { what: "never", timeoutMs: 5_000 },
      ),
    ).rejects.toThrow("the process exited");
  });
});
