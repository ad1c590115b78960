import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../env";
import { setRuntime } from "../runtime";
import { UnauthorizedError, UpstreamError } from "./client";
import { clearSharedLists, sharedList, sharedListsKept } from "./shared-lists";

/** ADR 017: the freshness rule of the shared upstream lists. */

function runtimeWith(upstreamUrl: string, ttlSeconds = 60): void {
  setRuntime({
    env: parseEnv({ SHARED_LIST_TTL_SECONDS: String(ttlSeconds) }),
    upstreamUrl,
    sessionSecrets: ["a-test-secret-of-enough-length"],
    logger: pino({ level: "silent" }),
    reportError: () => {},
  });
}

/** A load that counts its calls. */
const loader = <T>(answer: () => Promise<T>) => vi.fn(answer);

const NOW = new Date("2026-03-02T10:00:00Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  runtimeWith("http://upstream.test");
  clearSharedLists();
});
afterEach(() => vi.useRealTimers());

describe("sharedList", () => {
  it("within the TTL the list is asked for once; the same answer is given again", async () => {
    const load = loader(async () => [{ id: 1, name: "Medicare Advantage" }]);
    const first = await sharedList("/api/resource_lists/products", load);
    vi.setSystemTime(NOW.getTime() + 59_000);
    const second = await sharedList("/api/resource_lists/products", load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
  });

  it("after the TTL (counted from the answer) it is asked for again", async () => {
    const load = loader(async () => ["Contracting"]);
    await sharedList("/api/tickets/categories", load);
    vi.setSystemTime(NOW.getTime() + 60_001);
    await sharedList("/api/tickets/categories", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("each path is its own list", async () => {
    const load = loader(async () => []);
    await sharedList("/api/resource_lists/product_carriers/1", load);
    await sharedList("/api/resource_lists/product_carriers/2", load);
    await sharedList("/api/resource_lists/product_carriers/1", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("per upstream base URL: another upstream is asked for itself", async () => {
    const load = loader(async () => []);
    await sharedList("/api/resource_lists/products", load);
    runtimeWith("http://other-upstream.test");
    await sharedList("/api/resource_lists/products", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a failure is never kept: the next page load asks again", async () => {
    const fault = new UpstreamError(503, ["down"], "unreachable");
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(fault).mockResolvedValueOnce(["Other"]);
    await expect(sharedList("/api/tickets/categories", load)).rejects.toBe(fault);
    await expect(sharedList("/api/tickets/categories", load)).resolves.toEqual(["Other"]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("page loads that want a list while it is on its way share the one call", async () => {
    let answer!: (value: string[]) => void;
    const load = loader(async () => new Promise<string[]>((resolve) => (answer = resolve)));
    const both = Promise.all([
      sharedList("/api/tickets/categories", load),
      sharedList("/api/tickets/categories", load),
    ]);
    answer(["Contracting"]);
    const [a, b] = await both;
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
  });

  it("a shared call the upstream refused for its caller (401, 403) is not another caller's: it asks for itself", async () => {
    for (const refusal of [new UnauthorizedError(), new UpstreamError(403, ["Only agencies can view downlines"])]) {
      clearSharedLists();
      let refuse!: (error: unknown) => void;
      const ended = vi.fn(async () => new Promise<string[]>((_, reject) => (refuse = reject)));
      const mine = vi.fn(async () => ["Blue Harbor Health"]);
      const theirs = sharedList("/api/downlines/carriers", ended);
      const own = sharedList("/api/downlines/carriers", mine);
      refuse(refusal);
      await expect(theirs).rejects.toBe(refusal);
      await expect(own).resolves.toEqual(["Blue Harbor Health"]);
      expect(mine).toHaveBeenCalledTimes(1);
    }
  });

  it("a fault of a shared call (the upstream down) is every waiting page load's", async () => {
    let fail!: (error: unknown) => void;
    const fault = new UpstreamError(503, ["down"], "timeout");
    const first = vi.fn(async () => new Promise<string[]>((_, reject) => (fail = reject)));
    const second = vi.fn(async () => ["Other"]);
    const a = sharedList("/api/tickets/categories", first);
    const b = sharedList("/api/tickets/categories", second);
    fail(fault);
    await expect(a).rejects.toBe(fault);
    await expect(b).rejects.toBe(fault);
    expect(second).not.toHaveBeenCalled();
  });

  it("a TTL of 0 turns the sharing off: every call asks", async () => {
    runtimeWith("http://upstream.test", 0);
    const load = loader(async () => []);
    await sharedList("/api/resource_lists/products", load);
    await sharedList("/api/resource_lists/products", load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(sharedListsKept()).toBe(0);
  });

  it("answers are frozen: one page cannot change what every user sees", async () => {
    const list = await sharedList("/api/resource_lists/products", async () => [{ id: 1, name: "Dental" }]);
    expect(Object.isFrozen(list)).toBe(true);
    expect(Object.isFrozen(list[0])).toBe(true);
    expect(() => (list as Array<{ id: number }>).push({ id: 2 })).toThrow(TypeError);
  });

  it("odd URLs cannot grow it without bound", async () => {
    for (let id = 1; id <= 500; id++) {
      await sharedList(`/api/resource_lists/product_carriers/${id}`, async () => []);
    }
    expect(sharedListsKept()).toBeLessThanOrEqual(200);
  });
});
