import { describe, expect, it } from "vitest";
import {
  type NoticeSeverity,
  currentNotices,
  foldNotices,
  foldedNoticesText,
  isCurrentNotice,
  mostSevere,
} from "./system-notifications";

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

describe("issue 37 §3: notices leave room for the page", () => {
  const notice = (id: number, severity: NoticeSeverity) => ({ id, severity });
  const ids = (xs: ReadonlyArray<{ id: number }>) => xs.map((x) => x.id);

  it("agent@'s four (a warning and three infos): none in full, one line '4 notices' that opens them in their order", () => {
    const { full, folded } = foldNotices([
      notice(5, "info"),
      notice(4, "warning"),
      notice(1, "info"),
      notice(3, "info"),
    ]);
    expect(full).toEqual([]);
    expect(ids(folded)).toEqual([5, 4, 1, 3]);
    expect(foldedNoticesText(folded, false)).toBe("4 notifications");
    expect(mostSevere(folded)).toBe("warning");
  });

  it("a critical one in full, the rest folded: '3 more notices'", () => {
    const { full, folded } = foldNotices([
      notice(1, "info"),
      notice(6, "critical"),
      notice(2, "warning"),
      notice(3, "info"),
    ]);
    expect(ids(full)).toEqual([6]);
    expect(ids(folded)).toEqual([1, 2, 3]);
    expect(foldedNoticesText(folded, true)).toBe("3 more notifications");
  });

  it("whatever the number of critical ones, one in full (the heading keeps its place); the line says how many more are critical", () => {
    const { full, folded } = foldNotices([notice(7, "critical"), notice(8, "critical"), notice(9, "critical")]);
    expect(ids(full)).toEqual([7]);
    expect(ids(folded)).toEqual([8, 9]);
    expect(foldedNoticesText(folded, true)).toBe("2 more notifications, 2 critical");
    expect(mostSevere(folded)).toBe("critical");
    expect(foldedNoticesText([notice(8, "critical")], true)).toBe("1 more notification, 1 critical");
  });

  it("a lone notice is shown in full, none shows nothing", () => {
    expect(foldNotices([notice(1, "info")])).toEqual({ full: [notice(1, "info")], folded: [] });
    expect(foldNotices([])).toEqual({ full: [], folded: [] });
    expect(mostSevere([])).toBe("info");
  });
});
