import { readFileSync } from "node:fs";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { decrypt, encrypt } from "../../app/.server/crypto";
import { SESSION_MAX_AGE } from "../../app/.server/session";
import { form, send, signIn } from "./support";

/** The suite's portal runs in demo mode: its session secret is kept beside its database. */
const secrets = [readFileSync(".data/hostile/session-secret", "utf8").trim()];
const cookie = createCookie("portal_session", { secrets });

async function sessionOf(header: string): Promise<Record<string, unknown>> {
  const sealed = (await cookie.parse(header)) as string;
  return JSON.parse(decrypt(sealed, secrets) ?? "{}") as Record<string, unknown>;
}

async function headerFor(data: Record<string, unknown>): Promise<string> {
  return (await cookie.serialize(encrypt(JSON.stringify(data), secrets))).split(";")[0]!;
}

describe("sessions expire on the server (issue 8 point 8)", () => {
  it("a session issued more than 7 days ago is signed out at / with a toast, and its upstream session ends", async () => {
    const fresh = await signIn("agent@demo.test");
    const data = await sessionOf(fresh);
    expect(typeof data.issuedAt).toBe("number");
    const now = Date.now();
    const stale = await headerFor({ ...data, issuedAt: now - SESSION_MAX_AGE * 1000 - 60_000, seenAt: now - 60_000 });

    const answer = await send("/dashboard", { cookie: stale });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    const cleared = answer.headers.getSetCookie();
    expect(cleared.some((c) => /^portal_session=;/.test(c) && /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    const toast = cleared.find((c) => c.startsWith("portal_toast="))!.split(";")[0]!;
    const landing = await send("/", { cookie: toast });
    expect(landing.body).toContain("Your session has expired. Please sign in again.");

    // The same upstream token, in a cookie that is still fresh, is worth nothing now.
    const reused = await send("/dashboard", { cookie: fresh });
    expect(reused.status).toBe(302);
    expect(reused.headers.get("location")).toBe("/");
  });

  it("a session idle longer than SESSION_IDLE_MINUTES (120) ends; one used within it is kept and its last use written back", async () => {
    const now = Date.now();
    const data = await sessionOf(await signIn("agency@demo.test"));
    const idle = await headerFor({ ...data, issuedAt: now - 200 * 60_000, seenAt: now - 121 * 60_000 });
    expect((await send("/dashboard", { cookie: idle })).headers.get("location")).toBe("/");

    const active = await signIn("agency@demo.test");
    const recent = await headerFor({ ...(await sessionOf(active)), seenAt: now - 119 * 60_000 });
    const page = await send("/dashboard", { cookie: recent });
    expect(page.status).toBe(200);
    const written = page.headers.getSetCookie().find((c) => c.startsWith("portal_session="))!;
    expect((await sessionOf(written.split(";")[0]!)).seenAt).toBeGreaterThanOrEqual(now);
  });

  it("a session without a sign-in time (issued before the portal recorded it) ends", async () => {
    const data = await sessionOf(await signIn("beta@demo.test"));
    const { issuedAt: _issued, seenAt: _seen, ...legacy } = data;
    expect((await send("/dashboard", { cookie: await headerFor(legacy) })).headers.get("location")).toBe("/");
  });

  it("signing in again over a session ends the previous upstream session", async () => {
    const first = await signIn("onboarded@demo.test");
    const again = await send(
      "/?index",
      form(new URLSearchParams({ email: "onboarded@demo.test", password: "demo-pass-123" }).toString(), {
        cookie: first,
        headers: { "x-forwarded-for": "198.19.0.9" },
      }),
    );
    expect(again.status).toBe(302);
    const second = again.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await send("/home", { cookie: second })).status).toBe(200);
    const old = await send("/home", { cookie: first });
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe("/");
  });
});
