import { describe, expect, it } from "vitest";
import { DOWNLINE_BRANCHES_MAX, WITHDRAW_INVITATIONS_MAX } from "~/.server/upstream/schemas";
import {
  MAX_OPEN_AGENCIES,
  MAX_WITHDRAW_INVITATIONS,
  idParam,
  noPoliciesText,
  openAgenciesOf,
  positiveIds,
  toggledOpen,
  tooManyOpenText,
  tooManyWithdrawText,
  withOpen,
  withdrawOutcomeMessages,
} from "./downlines";
import { PAGE_SIZES } from "./table";
import { withParam } from "./url";

describe("downlines (spec §2 'Downlines and policies')", () => {
  it("the empty list text is the spec's", () => {
    expect(noPoliciesText("Peter Vance")).toBe("No Active Policies to show for Peter Vance.");
  });
  it("an agency block opens and closes by a link that keeps the rest of the URL", () => {
    expect(toggledOpen("?carrier=2", 11)).toBe("?carrier=2&open=11");
    expect(toggledOpen("?carrier=2&open=11&open=12", 11)).toBe("?carrier=2&open=12");
    expect(toggledOpen("?open=11", 11)).toBe("");
  });
  it("sets or removes one parameter", () => {
    expect(withParam("?carrier=2&open=11", "policies", "31")).toBe("?carrier=2&open=11&policies=31");
    expect(withParam("?policies=31", "policies", null)).toBe("");
  });
});

describe("caps on what one request may repeat (decision 010)", () => {
  it("one upstream call holds a whole capped request: the root plus every open block, every id to withdraw", () => {
    expect(MAX_OPEN_AGENCIES + 1).toBeLessThanOrEqual(DOWNLINE_BRANCHES_MAX);
    expect(MAX_WITHDRAW_INVITATIONS).toBeLessThanOrEqual(WITHDRAW_INVITATIONS_MAX);
  });

  it("a whole page of invitations at the largest page size can be withdrawn at once", () => {
    expect(MAX_WITHDRAW_INVITATIONS).toBe(Math.max(...PAGE_SIZES));
  });

  it("ids are distinct positive integers, in order; anything else is no id", () => {
    expect(positiveIds(["3", "1", "3", " 2 ", "0", "-4", "1.5", "abc", "", "1e3", "9".repeat(16)])).toEqual([3, 1, 2]);
  });

  it(`opens at most ${MAX_OPEN_AGENCIES} blocks and says how many were asked`, () => {
    const params = new URLSearchParams(Array.from({ length: 2000 }, (_, i) => ["open", String(i + 1)]));
    params.append("open", "1");
    const { open, asked } = openAgenciesOf(params);
    expect(open).toEqual(Array.from({ length: MAX_OPEN_AGENCIES }, (_, i) => i + 1));
    expect(asked).toBe(2000);
    expect(tooManyOpenText(2000)).toContain(`at most ${MAX_OPEN_AGENCIES}`);
    expect(openAgenciesOf(new URLSearchParams("open=5&open=5&open=x"))).toEqual({ open: [5], asked: 1 });
  });

  it("links carry the open blocks the page shows", () => {
    expect(withOpen("?carrier=2&open=1&open=2&open=3&policies=7", [1, 2])).toBe("?carrier=2&policies=7&open=1&open=2");
    expect(withOpen("?open=1", [])).toBe("");
  });

  it("an id in the URL: absent or empty is null, malformed is invalid", () => {
    const params = new URLSearchParams("policies=5101&carrier=abc&empty=&neg=-1");
    expect(idParam(params, "policies")).toBe(5101);
    expect(idParam(params, "carrier")).toBe("invalid");
    expect(idParam(params, "neg")).toBe("invalid");
    expect(idParam(params, "empty")).toBeNull();
    expect(idParam(params, "absent")).toBeNull();
  });

  it("past the withdrawal cap the message says nothing was withdrawn", () => {
    expect(tooManyWithdrawText(2000)).toBe(
      `You can withdraw at most ${MAX_WITHDRAW_INVITATIONS} invitations at a time (you chose 2000). Nothing was withdrawn.`,
    );
  });

  it("a withdrawal's outcome is one sentence per kind, however many ids", () => {
    expect(withdrawOutcomeMessages({ withdrawn: [1], notFound: [], notPending: [] })).toEqual({
      success: "Invitation withdrawn",
      errors: [],
    });
    expect(withdrawOutcomeMessages({ withdrawn: [1, 2, 3, 4, 5, 6, 7, 8], notFound: [], notPending: [] }).success).toBe(
      "8 invitations withdrawn",
    );
    const mixed = withdrawOutcomeMessages({
      withdrawn: [],
      notFound: Array.from({ length: 49 }, (_, i) => i),
      notPending: [3],
    });
    expect(mixed.success).toBeNull();
    expect(mixed.errors).toEqual([
      "49 invitations were not found: they were already withdrawn or are not yours.",
      "One invitation was not withdrawn: only pending invitations can be withdrawn.",
    ]);
  });
});
