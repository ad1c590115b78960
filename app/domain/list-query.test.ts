import { describe, expect, it } from "vitest";
import {
  type ListShape,
  MAX_PAGE,
  filterValue,
  ignoredNoteText,
  listQueryFrom,
  notOffered,
  resetHrefOf,
} from "./list-query";
import { MAX_SEARCH_LENGTH } from "./table";

const BOOK: ListShape = {
  sortable: ["memberName", "status"],
  filters: { status: { values: ["Active", "Pending"] }, productId: "id", period: "period" },
};
const read = (search: string) => {
  const { params, ignored } = listQueryFrom(new URLSearchParams(search), BOOK);
  return { sent: params.toString(), ignored };
};

describe("listQueryFrom: what a list asks the upstream for (issue 11 point 8)", () => {
  it("passes valid values on, in the order page, perPage, search, sort, order, filters", () => {
    expect(
      read("status=Active&order=desc&sort=status&search=ann&perPage=10&page=3&productId=7&period=2026-02"),
    ).toEqual({
      sent: "page=3&perPage=10&search=ann&sort=status&order=DESC&status=Active&productId=7&period=2026-02",
      ignored: [],
    });
  });

  it("leaves out and names a page that is not a page number", () => {
    for (const page of ["abc", "-1", "0", "1.5", "99999999999999999999", String(MAX_PAGE + 1), "1\u0000", "½"]) {
      expect(read(`page=${encodeURIComponent(page)}`), page).toEqual({ sent: "", ignored: ["page"] });
    }
    expect(read(`page=${MAX_PAGE}`)).toEqual({ sent: `page=${MAX_PAGE}`, ignored: [] });
  });

  it("leaves out a per-page size the table does not offer, a sort it cannot sort by, an order that is neither", () => {
    expect(read("perPage=7&sort=evil&order=sideways")).toEqual({ sent: "", ignored: ["perPage", "sort", "order"] });
    expect(read("sort=memberName%00")).toEqual({ sent: "", ignored: ["sort"] });
  });

  it("leaves out filter values of the wrong kind: an unknown status, an id that is not a positive integer, a month 13", () => {
    expect(read("status=Nope&productId=abc&period=2026-13")).toEqual({
      sent: "",
      ignored: ["status", "productId", "period"],
    });
    expect(read("productId=0").ignored).toEqual(["productId"]);
    expect(read("productId=1234567890123456").ignored).toEqual(["productId"]);
    expect(read("period=2026-1").ignored).toEqual(["period"]);
  });

  it("a filter of values `orId` takes one of its values or a positive id (an assignee, or none)", () => {
    const shape: ListShape = { sortable: [], filters: { assigneeId: { values: ["none"], orId: true } } };
    const sent = (search: string) => listQueryFrom(new URLSearchParams(search), shape);
    expect(sent("assigneeId=none").params.toString()).toBe("assigneeId=none");
    expect(sent("assigneeId=009").params.toString()).toBe("assigneeId=9");
    for (const bad of ["0", "-3", "nobody", "1.5"])
      expect(sent(`assigneeId=${bad}`).ignored, bad).toEqual(["assigneeId"]);
  });

  it("passes a well-formed id on even when it may not exist: only the upstream can say", () => {
    expect(read("productId=999999")).toEqual({ sent: "productId=999999", ignored: [] });
  });

  it("leaves out a parameter repeated with different values; the same value twice is that value", () => {
    expect(read("status=Active&status=Pending")).toEqual({ sent: "", ignored: ["status"] });
    expect(read("status=a&status=b").ignored).toEqual(["status"]);
    expect(read("page=2&page=2")).toEqual({ sent: "page=2", ignored: [] });
  });

  it("empty values are no value at all (an 'All' filter submits one)", () => {
    expect(read("status=&productId=&page=&search=")).toEqual({ sent: "", ignored: [] });
  });

  it("keeps only the list's own parameters: anything else in the URL never reaches the upstream", () => {
    expect(read("confirm=3&ticket=9&carrierId=1&token=x")).toEqual({ sent: "", ignored: [] });
  });

  it("cleans the search: control characters out, trimmed, cut at MAX_SEARCH_LENGTH; it is never refused", () => {
    expect(read(`search=${encodeURIComponent(" an\u0000n ")}`)).toEqual({ sent: "search=ann", ignored: [] });
    const long = "x".repeat(10_000);
    expect(new URLSearchParams(read(`search=${long}`).sent).get("search")).toHaveLength(MAX_SEARCH_LENGTH);
  });

  it("survives very long values and bad percent-encoding as values it does not know", () => {
    expect(read(`status=${"A".repeat(20_000)}&page=%E0%A4%A&order=%`)).toEqual({
      sent: "",
      ignored: ["page", "order", "status"],
    });
  });
});

describe("ignoredNoteText: the note a list shows", () => {
  it("names what was left out in words, or is null when nothing was", () => {
    expect(ignoredNoteText([])).toBeNull();
    expect(ignoredNoteText(["page", "perPage", "sort", "order", "productId", "period"])).toBe(
      "Some values in the link were not valid and were ignored: page, rows per page, sort column, sort order, product, statement period.",
    );
  });
});

describe("notOffered: a filter id the upstream's own choices do not include", () => {
  it("is true only for an asked id that is not offered", () => {
    const offered = [{ id: 1 }, { id: 22 }];
    expect(notOffered(null, offered)).toBe(false);
    expect(notOffered("22", offered)).toBe(false);
    expect(notOffered("999999", offered)).toBe(true);
    expect(notOffered("1", [])).toBe(true);
  });
});

describe("resetHrefOf: the reset link of a list's 400", () => {
  it("is the path the page carried, or null for anything that is not a same-site path", () => {
    expect(resetHrefOf({ resetHref: "/book_of_business" })).toBe("/book_of_business");
    expect(resetHrefOf({ resetHref: "//evil.test" })).toBeNull();
    expect(resetHrefOf({ resetHref: "/\\evil.test" })).toBeNull();
    expect(resetHrefOf({ resetHref: "https://evil.test" })).toBeNull();
    expect(resetHrefOf({ resetHref: 3 })).toBeNull();
    expect(resetHrefOf({ messages: [] })).toBeNull();
    expect(resetHrefOf(null)).toBeNull();
  });
});

describe("filterValue: one filter of a page that is not a shared table", () => {
  const rule = { values: ["active", "pending"] };
  it("gives the checked value, or null and ignored for one the rule refuses (or repeated differently)", () => {
    expect(filterValue(new URLSearchParams("status=active"), "status", rule)).toEqual({
      value: "active",
      ignored: false,
    });
    expect(filterValue(new URLSearchParams(""), "status", rule)).toEqual({ value: null, ignored: false });
    expect(filterValue(new URLSearchParams("status=Nope"), "status", rule)).toEqual({ value: null, ignored: true });
    expect(filterValue(new URLSearchParams("status=active&status=pending"), "status", rule)).toEqual({
      value: null,
      ignored: true,
    });
  });
});

describe("a day filter (issue 24: carrier enrollments' submitted range)", () => {
  const shape = { sortable: [], filters: { from: "day", to: "day" } } as const;
  it("keeps a real YYYY-MM-DD day and leaves out anything else", () => {
    const ok = listQueryFrom(new URLSearchParams("from=2026-02-28&to=2026-03-01"), shape);
    expect(ok.params.toString()).toBe("from=2026-02-28&to=2026-03-01");
    const bad = listQueryFrom(new URLSearchParams("from=2026-02-30&to=<b>"), shape);
    expect(bad.params.toString()).toBe("");
    expect(bad.ignored).toEqual(["from", "to"]);
  });
});
