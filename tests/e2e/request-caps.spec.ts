import { expect, test as httpTest } from "@playwright/test";
import {
  MAX_OPEN_AGENCIES,
  MAX_WITHDRAW_INVITATIONS,
  tooManyOpenText,
  tooManyWithdrawText,
} from "../../app/domain/downlines";
import { NOT_FOUND_TEXT } from "../../app/domain/errors";
import { REFERENCE_API_PORT } from "../../playwright.config";
import { type NoJsPage, signedInAs as as } from "../support/no-js";

/**
 * Decision 010: what a user may repeat in one request (ids to withdraw, blocks to open) is capped; past
 * the cap the user is told, and no request costs more than a fixed few upstream calls. These requests
 * change nothing (over the cap, or ids that are not the user's), so they run with the read-only specs. The refusals
 * and the pages are the server's: HTTP tests (tests/support/no-js.ts), no browser.
 */

/** Upstream calls a request may cost: the viewer's session calls and the page's own, with room for a
 * test running alongside in the other worker. A call per id would be hundreds. */
const FEW_UPSTREAM_CALLS = 25;

async function apiCalls(): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${REFERENCE_API_PORT}/__stats`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { apiCalls: number }).apiCalls;
}

/**
 * The fewest upstream calls `request` cost over up to `tries` runs, stopping at the first run under the limit. The
 * counter is the reference API's, shared with the test running in the other worker: its calls only ever add to a
 * run's count (a full run once counted 25 for a page that costs 6), while a call per id would fail every run.
 */
async function fewestCalls(request: () => Promise<unknown>, tries = 3): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < tries && fewest >= FEW_UPSTREAM_CALLS; run++) {
    const before = await apiCalls();
    await request();
    fewest = Math.min(fewest, (await apiCalls()) - before);
  }
  return fewest;
}

const ids = (name: string, values: number[]) => values.map((v) => `${name}=${v}`).join("&");
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

httpTest.describe("withdrawing invitations", () => {
  httpTest(
    `more than ${MAX_WITHDRAW_INVITATIONS} ids in one form: nothing withdrawn, a clear message, no call per id`,
    () =>
      as("agency@demo.test", async (agency) => {
        const before = await apiCalls();
        const response = await agency.client.post("/register_downlines", {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          // 200: past the cap but within the form's field limit (FORM_LIMITS.fields; 2,000 fields are an
          // unreadable form, a 400: tests/hostile/fan-out.test.ts).
          data: ids("id", range(1, 200)),
          maxRedirects: 0,
        });
        const after = await apiCalls();
        expect(response.status()).toBe(302);
        expect(after - before, "upstream calls for 200 ids").toBeLessThan(FEW_UPSTREAM_CALLS);
        expect(Buffer.byteLength(response.headers()["set-cookie"] ?? "")).toBeLessThanOrEqual(4096);

        const shown = await agency.open(response.headers().location!);
        expect(shown.toasts("error").join(" ")).toContain(tooManyWithdrawText(200));
        expect(shown.find({ tag: "table", name: /Invitations/ }).find({ tag: "caption" }).text).toBe(
          "Invitations: 1–12 of 12",
        );
      }),
  );

  httpTest(
    "at the cap: one upstream call for every id; what is not the user's or not pending is counted, not listed",
    () =>
      as("agency@demo.test", async (agency) => {
        // agency@'s accepted (2, 3, 5) and expired (1) invitations, beta@'s two (13, 14), and unknown ids.
        const asked = [1, 2, 3, 5, 13, 14, ...range(900_000, MAX_WITHDRAW_INVITATIONS - 6)];
        const before = await apiCalls();
        const response = await agency.client.post("/register_downlines?sort=email", {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          data: ids("id", asked),
          maxRedirects: 0,
        });
        const after = await apiCalls();
        expect(response.status()).toBe(302);
        expect(after - before).toBeLessThan(FEW_UPSTREAM_CALLS);
        expect(response.headers().location).toBe("/register_downlines?sort=email");

        const shown = await agency.open(response.headers().location!);
        const errors = shown.toasts("error");
        expect(errors).toHaveLength(2);
        expect(errors[0]).toContain(`${MAX_WITHDRAW_INVITATIONS - 4} invitations were not found`);
        expect(errors[1]).toContain("4 invitations were not withdrawn: only pending invitations can be withdrawn.");
        expect(shown.toasts("success")).toHaveLength(0);
        expect(shown.find({ tag: "table", name: /Invitations/ }).find({ tag: "caption" }).text).toBe(
          "Invitations: 1–12 of 12",
        );
      }),
  );

  httpTest(`a confirmation naming more than ${MAX_WITHDRAW_INVITATIONS} invitations says so instead of asking`, () =>
    as("agency@demo.test", async (agency) => {
      const confirmation = { attrs: { role: "alertdialog" }, name: /^Withdraw these invitations\?/ };
      // Within the cap the server draws the confirmation (so its absence below is a decision, not a page without it).
      expect((await agency.open("/register_downlines?confirm=4")).findAll(confirmation)).toHaveLength(1);
      const shown = await agency.open(`/register_downlines?${ids("confirm", range(1, 300))}`);
      expect(shown.status).toBe(200);
      expect(shown.alerts().find((a) => a.includes("Too many invitations chosen"))).toContain(tooManyWithdrawText(300));
      expect(shown.findAll(confirmation)).toHaveLength(0);
    }),
  );
});

httpTest.describe("downline blocks", () => {
  httpTest(
    `more than ${MAX_OPEN_AGENCIES} open blocks: the first ones open, a clear message, a fixed number of upstream calls`,
    () =>
      as("agency@demo.test", async (agency) => {
        // Coastal Senior Advisors (5101) first, then 299 npnIds that are in nobody's tree.
        const open = [5101, ...range(700_000, 299)];
        const pages: NoJsPage[] = [];
        const calls = await fewestCalls(async () => {
          pages.push(await agency.open(`/downlines?${ids("open", open)}`));
        });
        const shown = pages.at(-1)!;
        expect(shown.status).toBe(200);
        // Alone it costs 6 calls.
        expect(calls, "upstream calls for 300 open blocks").toBeLessThan(FEW_UPSTREAM_CALLS);
        expect(shown.alerts().find((a) => a.includes("Too many agency blocks open"))).toContain(tooManyOpenText(300));
        expect(shown.findAll({ tag: "section", name: "Bayfront Benefits" })).toHaveLength(1);
        // The page's links carry only the blocks it shows.
        const hide = shown
          .find({ tag: "section", name: "Coastal Senior Advisors" })
          .find({ tag: "a", text: "Hide downline" });
        expect(new URL(hide.href).searchParams.getAll("open")).toHaveLength(MAX_OPEN_AGENCIES - 1);
      }),
  );
});

httpTest.describe("an id in the URL the user may not see answers 404, inside the layout", () => {
  const cases: Array<[string, string]> = [
    ["agency@demo.test", "/downlines?policies=99999"],
    ["agency@demo.test", "/downlines?policies=abc"],
    ["agency@demo.test", "/downlines?carrier=99"],
    ["beta@demo.test", "/downlines?policies=5101"],
  ];
  for (const [email, path] of cases) {
    httpTest(`${email} ${path}`, () =>
      as(email, async (user) => {
        const answer = await user.open(path);
        expect(answer.status).toBe(404);
        expect(answer.text()).toContain(NOT_FOUND_TEXT);
        expect(answer.menu()).toContain("Downlines");
      }),
    );
  }

  httpTest("exporting another agency's policy list is a 404 too", () =>
    as("beta@demo.test", async (beta) => {
      const response = await beta.client.post("/downlines?carrier=1&policies=5101", {
        form: { carrierId: "1" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(404);
    }),
  );
});
