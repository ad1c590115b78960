import { describe, expect, it } from "vitest";
import { lastSignInText, licenseCountText, nextExpiryText } from "./users";

describe("the admin users list's license and sign-in texts (issue 20)", () => {
  it("counts the licensed states and the expired licenses", () => {
    expect(licenseCountText({ states: 3, expired: 0, nextExpiry: "2027-03-31" })).toBe("3 states");
    expect(licenseCountText({ states: 1, expired: 2, nextExpiry: null })).toBe("1 state · 2 expired");
    expect(licenseCountText({ states: 0, expired: 1, nextExpiry: null })).toBe("No license · 1 expired");
    expect(licenseCountText({ states: 0, expired: 0, nextExpiry: null })).toBe("No license");
  });

  it("names the soonest expiry, and Never for no sign-in", () => {
    expect(nextExpiryText({ states: 1, expired: 0, nextExpiry: "2027-03-31" })).toBe("Next expiry 03/31/2027");
    expect(nextExpiryText({ states: 0, expired: 0, nextExpiry: null })).toBeNull();
    expect(lastSignInText(null)).toBe("Never");
    expect(lastSignInText("2026-05-12T09:30:00.000Z")).toBe("05/12/2026");
  });
});
