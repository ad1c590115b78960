import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, mayReloadForChunkError } from "~/domain/chunk-reload";

describe("spec §8: on a chunk-loading failure the page reloads", () => {
  it.each([
    [
      "Chrome",
      new TypeError("Failed to fetch dynamically imported module: https://portal.example/assets/dashboard-abc123.js"),
    ],
    ["Safari", new TypeError("Importing a module script failed.")],
    ["Firefox", new TypeError("error loading dynamically imported module: https://portal.example/assets/x.js")],
    ["webpack-style", new Error("Loading chunk 42 failed.")],
    ["Vite CSS preload", new Error("Unable to preload CSS for /assets/root-123.css")],
  ])("recognises the %s message", (_browser, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("recognises a message given as a string", () => {
    expect(isChunkLoadError("Failed to fetch dynamically imported module: /assets/a.js")).toBe(true);
  });

  it.each([
    new Error("Network Error"),
    new TypeError("Failed to fetch"),
    new Error("Cannot read properties of undefined (reading 'x')"),
    "Undefined response from server",
    null,
    undefined,
    42,
    { message: "something else" },
  ])("does not mistake other errors for chunk errors (%j)", (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe("spec §8: on a chunk error at navigation it reloads at most once per 60 seconds", () => {
  const now = 1_700_000_000_000;

  it("the interval is 60 seconds", () => {
    expect(CHUNK_RELOAD_INTERVAL_MS).toBe(60_000);
  });

  it("reloads when it never reloaded before", () => {
    expect(mayReloadForChunkError(null, now)).toBe(true);
  });

  it("does not reload again within 60 seconds", () => {
    expect(mayReloadForChunkError(now, now)).toBe(false);
    expect(mayReloadForChunkError(now - 1_000, now)).toBe(false);
    expect(mayReloadForChunkError(now - 59_999, now)).toBe(false);
  });

  it("reloads again once 60 seconds have passed", () => {
    expect(mayReloadForChunkError(now - 60_000, now)).toBe(true);
    expect(mayReloadForChunkError(now - 3_600_000, now)).toBe(true);
  });

  it("a corrupt remembered time does not block the reload", () => {
    expect(mayReloadForChunkError(Number.NaN, now)).toBe(true);
  });
});
