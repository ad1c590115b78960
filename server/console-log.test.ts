import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { consoleToLog } from "./console-log";
import { createLogger } from "./index";

describe("console's lines go to the JSON log (issue 35 §4)", () => {
  it("at the level of the method, formatted, an error as `err`; and console is put back", () => {
    const lines: string[] = [];
    const logger = createLogger(
      "debug",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const raw: string[] = [];
    const target = { ...console, warn: (...args: unknown[]) => raw.push(args.join(" ")) } as Console;
    const original = target.warn;
    const restore = consoleToLog(logger, target);
    target.warn('The URL path "%s" could not be decoded', "/%C0%AF");
    target.error("failed:", new Error("boom"));
    target.log("plain");
    expect(raw).toEqual([]);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toMatchObject([
      { level: 40, console: true, msg: 'The URL path "/%C0%AF" could not be decoded' },
      { level: 50, console: true, err: { message: "boom" } },
      { level: 30, console: true, msg: "plain" },
    ]);
    restore();
    expect(target.warn).toBe(original);
  });
});
