import { describe, expect, it } from "vitest";
import { currentNotices, isCurrentNotice } from "./system-notifications";

const NOW = new Date("2026-11-26T09:00:00.000Z");

describe("issue 20: a system notification ends", () => {
  it("a maintenance notice of 11/12/2026 that ended on 11/15 no longer shows a fortnight later", () => {
    expect(isCurrentNotice({ publishedAt: "2026-11-12T16:30:00.000Z", endsAt: "2026-11-15T07:00:00.000Z" }, NOW)).toBe(
      false,
    );
  });

  it("shows until its end, which is exclusive", () => {
    const notice = { publishedAt: "2026-11-12T16:30:00.000Z", endsAt: "2026-11-26T09:00:00.000Z" };
    expect(isCurrentNotice(notice, new Date("2026-11-26T08:59:59.000Z"))).toBe(true);
    expect(isCurrentNotice(notice, NOW)).toBe(false);
  });

  it("a notice without an end stays", () => {
    expect(isCurrentNotice({ endsAt: null }, NOW)).toBe(true);
  });

  it("an end it cannot read never hides a notice", () => {
    expect(isCurrentNotice({ endsAt: "later" }, NOW)).toBe(true);
  });

  it("keeps the current ones in their order", () => {
    const list = [
      { id: 2, publishedAt: "2026-11-12T16:30:00.000Z", endsAt: "2026-11-15T07:00:00.000Z" },
      { id: 1, publishedAt: "2026-11-04T14:00:00.000Z", endsAt: "2026-12-07T23:59:00.000Z" },
      { id: 3, publishedAt: "2026-10-22T13:15:00.000Z", endsAt: null },
    ];
    expect(currentNotices(list, NOW).map((n) => n.id)).toEqual([1, 3]);
  });
});
