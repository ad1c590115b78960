import { beforeAll, describe, expect, it } from "vitest";
import { TOAST_COOKIE_MAX_BYTES } from "../../app/.server/toast";
import {
  MAX_OPEN_AGENCIES,
  MAX_WITHDRAW_INVITATIONS,
  tooManyOpenText,
  tooManyWithdrawText,
} from "../../app/domain/downlines";
import { apiCalls, expectSmallAndQuick, form, send, signIn } from "./support";

/**
 * Anything a user may repeat in one request has a cap, and one request costs a fixed, small number of
 * upstream calls whatever it repeats (issue 8 point 1). A page's own calls: the viewer (me, document
 * notifications, profile) and its data.
 */
const MAX_UPSTREAM_CALLS = 6;

let agency = "";
beforeAll(async () => {
  agency = await signIn("agency@demo.test");
});

async function costOf<T>(request: () => Promise<T>): Promise<{ result: T; calls: number }> {
  const before = await apiCalls();
  const result = await request();
  return { result, calls: (await apiCalls()) - before };
}

function ids(count: number, from = 900_000): string {
  return Array.from({ length: count }, (_, i) => `id=${from + i}`).join("&");
}

function toastCookieOf(headers: Headers): string {
  return headers.getSetCookie().find((c) => c.startsWith("portal_toast=")) ?? "";
}

describe("withdrawing invitations (Register Downlines)", () => {
  it(`withdraws up to ${MAX_WITHDRAW_INVITATIONS} in one upstream call; the answer's toast stays under 4 KB`, async () => {
    const { result, calls } = await costOf(() =>
      send("/register_downlines", form(ids(MAX_WITHDRAW_INVITATIONS), { cookie: agency })),
    );
    expect(result.status).toBe(302);
    expect(calls).toBeLessThanOrEqual(MAX_UPSTREAM_CALLS);
    expect(Buffer.byteLength(toastCookieOf(result.headers))).toBeLessThanOrEqual(TOAST_COOKIE_MAX_BYTES);
    expectSmallAndQuick(result);
  });

  it("past the cap, nothing is withdrawn and the user is told why, without asking the upstream to withdraw", async () => {
    const { result, calls } = await costOf(() => send("/register_downlines", form(ids(200), { cookie: agency })));
    expect(result.status).toBe(302);
    // The viewer's calls only: the user, the profile, the document notifications, the system notices (issue 22).
    expect(calls).toBeLessThanOrEqual(4);
    const page = await send(result.headers.get("location")!, {
      cookie: `${agency}; ${toastCookieOf(result.headers).split(";")[0]}`,
    });
    expect(page.body).toContain(tooManyWithdrawText(200));
  });

  it("2,000 ids are refused as an unreadable form: a 400, small, quick, with no upstream call for them", async () => {
    const { result, calls } = await costOf(() => send("/register_downlines", form(ids(2000), { cookie: agency })));
    expect(result.status).toBe(400);
    expect(calls).toBeLessThanOrEqual(4);
    expectSmallAndQuick(result);
  });

  it("2,000 ?confirm= values cost no more than one page", async () => {
    const confirm = Array.from({ length: 2000 }, (_, i) => `confirm=${i + 1}`).join("&");
    const { result, calls } = await costOf(() => send(`/register_downlines?${confirm}`, { cookie: agency }));
    expect(result.status).toBeLessThan(500);
    expect(calls).toBeLessThanOrEqual(MAX_UPSTREAM_CALLS);
    expectSmallAndQuick(result);
  });
});

describe("opening downline blocks (?open=)", () => {
  // (Node refuses a URL past 16 KB with a 431 by itself: 1,000 values fit under it.)
  it(`1,000 values open at most ${MAX_OPEN_AGENCIES}, in a fixed number of upstream calls, and say so`, async () => {
    const open = Array.from({ length: 1000 }, (_, i) => `open=${i + 1}`).join("&");
    const { result, calls } = await costOf(() => send(`/downlines?${open}`, { cookie: agency }));
    expect(result.status).toBe(200);
    expect(calls).toBeLessThanOrEqual(MAX_UPSTREAM_CALLS);
    expect(result.body).toContain(tooManyOpenText(1000));
    expectSmallAndQuick(result);
  });

  it("a foreign or unknown ?policies= id answers 404", async () => {
    const answer = await send("/downlines?policies=987654321", { cookie: agency });
    expect(answer.status).toBe(404);
  });
});

describe("ids in URLs", () => {
  // Filter values (?status=, ?productId=, ?period=): tests/hostile/list-urls.test.ts (ADR 020).
  it("an unknown, foreign or malformed id answers 404, never a 5xx or the list as if nothing was asked", async () => {
    const agent = await signIn("agent@demo.test");
    const carrier = await signIn("carrier@demo.test");
    const cases: Array<[string, string]> = [
      ["/my_tickets?ticket=987654321", agent],
      ["/my_tickets?ticket=abc", agent],
      ["/commission_inquiry?ticket=987654321", agent],
      ["/carrier/tickets?ticket=987654321", carrier],
      ["/downlines?carrier=987654321", agency],
    ];
    for (const [path, cookie] of cases) {
      const answer = await send(path, { cookie });
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toContain("This page could not be found");
      expectSmallAndQuick(answer);
    }
  });
});
