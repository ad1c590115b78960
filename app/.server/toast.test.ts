import pino from "pino";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_FLASH_TOASTS, errorToasts, moreMessagesText, successToast, toastText } from "~/domain/toast";
import { parseEnv } from "./env";
import { type Runtime, setRuntime } from "./runtime";
import { TOAST_COOKIE_MAX_BYTES, readToasts, redirectWithToast, toastHeaders } from "./toast";

const logged: Array<{ level: string; obj: unknown; msg: string }> = [];
const reportError = vi.fn();

beforeAll(() => {
  const logger = pino({ level: "debug" }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const runtime: Runtime = {
    env: parseEnv({}),
    upstreamUrl: "http://127.0.0.1:9",
    sessionSecrets: ["a-test-secret-of-enough-length"],
    logger,
    reportError,
  };
  setRuntime(runtime);
});

/** The toasts a browser would send back from this Set-Cookie line. */
async function roundTrip(headers: Headers) {
  const setCookie = headers.get("set-cookie")!;
  return (await readToasts(new Request("http://portal.test/", { headers: { cookie: setCookie.split(";")[0]! } })))
    .toasts;
}

describe("the flash cookie never exceeds 4 KB", () => {
  it("2,000 distinct error messages: a cookie under 4 KB, the hidden ones counted", async () => {
    const toasts = errorToasts(Array.from({ length: 2000 }, (_, i) => `No invitation with id ${100_000 + i}`));
    const headers = await toastHeaders(toasts);
    expect(Buffer.byteLength(headers.get("set-cookie")!)).toBeLessThanOrEqual(TOAST_COOKIE_MAX_BYTES);
    const read = await roundTrip(headers);
    expect(read).toHaveLength(MAX_FLASH_TOASTS);
    expect(read.at(-1)!.message).toBe(moreMessagesText(2000 - (MAX_FLASH_TOASTS - 1)));
  });

  it("2,000 identical messages: one toast with the count", async () => {
    const read = await roundTrip(
      await toastHeaders(errorToasts(Array.from({ length: 2000 }, () => "Only pending invitations can be withdrawn"))),
    );
    expect(read).toHaveLength(1);
    expect(toastText(read[0]!)).toBe("Only pending invitations can be withdrawn (2000 times)");
  });

  it("long, multi-byte messages: fewer toasts until it fits", async () => {
    const toasts = errorToasts(Array.from({ length: 50 }, (_, i) => `${i} ${"ü€😀".repeat(400)}`));
    const headers = await toastHeaders(toasts);
    expect(Buffer.byteLength(headers.get("set-cookie")!)).toBeLessThanOrEqual(TOAST_COOKIE_MAX_BYTES);
    const read = await roundTrip(headers);
    expect(read.length).toBeGreaterThan(0);
    expect(read.at(-1)!.message).toMatch(/more messages not shown here/);
  });

  it("a few short toasts pass unchanged", async () => {
    const toasts = [successToast("Invitation withdrawn"), ...errorToasts(["No invitation with id 9"])];
    expect(await roundTrip(await toastHeaders(toasts))).toEqual(toasts);
  });
});

describe("error toasts are expected events: logged at info once per response, not reported", () => {
  it("logs one info line with the collapsed messages and never calls the error reporter", async () => {
    logged.length = 0;
    const response = await redirectWithToast("/register_downlines", [
      successToast("2 invitations withdrawn"),
      ...errorToasts(Array.from({ length: 2000 }, () => "No invitation with id 7")),
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/register_downlines");
    expect(reportError).not.toHaveBeenCalled();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: "error toast shown",
      url: "/register_downlines",
      total: 2000,
      toasts: [{ message: "No invitation with id 7", count: 2000 }],
    });
  });

  it("success toasts alone log nothing", async () => {
    logged.length = 0;
    await redirectWithToast("/", [successToast("Saved")]);
    expect(logged).toHaveLength(0);
  });
});
