import { describe, expect, it } from "vitest";
import { contractRequestsBlocked, documentsNeedAttention } from "./documents";

describe("spec §2: an alert icon shows when documents need attention", () => {
  it("with one or more document notifications, not without", () => {
    expect(documentsNeedAttention({ documentNotificationCount: 0 })).toBe(false);
    expect(documentsNeedAttention({ documentNotificationCount: 1 })).toBe(true);
    expect(documentsNeedAttention({ documentNotificationCount: 12 })).toBe(true);
  });
});

describe("spec §4 'Document notifications disable contract requests' (§6: blocked while they exist)", () => {
  it("blocked with any document notification; open without", () => {
    expect(contractRequestsBlocked({ documentNotificationCount: 0 })).toBe(false);
    expect(contractRequestsBlocked({ documentNotificationCount: 1 })).toBe(true);
  });
});
