import { describe, expect, it } from "vitest";
import { noPoliciesText, toggledOpen } from "./downlines";
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
