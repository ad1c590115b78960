import { describe, expect, it } from "vitest";
import {
  DEFAULT_ORDER,
  DEFAULT_PER_PAGE,
  LOADING_DELAY_MS,
  MIN_LOADING_MS,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  type TableQuery,
  ariaSort,
  emptyStateOf,
  listNarrowed,
  nextSort,
  pagingMeta,
  rangeLabel,
  showFirstLast,
  showPaging,
  showPager,
  showPerPage,
  rowMenuShown,
  tableQueryFrom,
  tableQueryParams,
  withQuery,
  withoutSearchAndFilters,
} from "./table";

const SORTABLE = ["advisor", "status", "activePolicyCount"] as const;
const q = (search: string) => tableQueryFrom(new URLSearchParams(search), SORTABLE);
const DEFAULTS: TableQuery = { page: 1, perPage: 25, search: "", sort: null, order: "ASC" };
const query = (over: Partial<TableQuery> = {}): TableQuery => ({ ...DEFAULTS, ...over });

describe("spec §9 constants", () => {
  it("spec §9: page size options 5, 10, 25, 50; default page size 25", () => {
    expect(PAGE_SIZES).toEqual([5, 10, 25, 50]);
    expect(DEFAULT_PER_PAGE).toBe(25);
  });
  it("spec §9: default order ASC", () => {
    expect(DEFAULT_ORDER).toBe("ASC");
  });
  it("spec §9: search debounce 500 ms, loading indicator delay 300 ms, minimum fetch delay 200 ms", () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(LOADING_DELAY_MS).toBe(300);
    expect(MIN_LOADING_MS).toBe(200);
  });
});

describe("tableQueryFrom: the table state read from the URL", () => {
  it("spec §3: with no parameters, page 1, perPage 25, no search, no sort, order ASC", () => {
    expect(q("")).toEqual(DEFAULTS);
  });
  it("reads every valid parameter", () => {
    expect(q("?page=3&perPage=10&search=smith&sort=status&order=DESC")).toEqual({
      page: 3,
      perPage: 10,
      search: "smith",
      sort: "status",
      order: "DESC",
    });
  });
  it("page must be an integer ≥ 1; anything else is page 1", () => {
    for (const bad of ["0", "-2", "abc", "2.5", "", "1e3", "Infinity", "99999999999999999999"]) {
      expect(q(`?page=${bad}`).page, bad).toBe(1);
    }
    expect(q("?page=7").page).toBe(7);
  });
  it("spec §9: perPage must be one of 5, 10, 25, 50; anything else is 25", () => {
    for (const size of PAGE_SIZES) expect(q(`?perPage=${size}`).perPage).toBe(size);
    for (const bad of ["7", "100", "0", "-5", "abc", "", "10.5"]) {
      expect(q(`?perPage=${bad}`).perPage, bad).toBe(25);
    }
  });
  it("search is trimmed and capped at 100 characters", () => {
    expect(q("?search=%20%20jane%20doe%20").search).toBe("jane doe");
    expect(q("?search=%20%20%20").search).toBe("");
    const long = "x".repeat(150);
    expect(q(`?search=${long}`).search).toBe("x".repeat(100));
  });
  it("sort is kept only for a sortable column", () => {
    expect(q("?sort=advisor").sort).toBe("advisor");
    expect(q("?sort=password").sort).toBeNull();
    expect(q("?sort=").sort).toBeNull();
    expect(q("?sort=Advisor").sort).toBeNull();
    expect(tableQueryFrom(new URLSearchParams("?sort=advisor"), []).sort).toBeNull();
  });
  it("spec §3: order is ASC or DESC (case-insensitive); anything else is ASC", () => {
    expect(q("?order=desc").order).toBe("DESC");
    expect(q("?order=Desc").order).toBe("DESC");
    expect(q("?order=asc").order).toBe("ASC");
    expect(q("?order=sideways").order).toBe("ASC");
    expect(q("?order=").order).toBe("ASC");
  });
});

describe("tableQueryParams: the URL for a table state", () => {
  it("the default state writes nothing", () => {
    expect(tableQueryParams(DEFAULTS).toString()).toBe("");
  });
  it("writes only non-default values in the order page, perPage, search, sort, order", () => {
    expect(tableQueryParams({ order: "DESC", sort: "status", search: "jo ann", perPage: 10, page: 2 }).toString()).toBe(
      "page=2&perPage=10&search=jo+ann&sort=status&order=DESC",
    );
    expect(tableQueryParams(query({ page: 4 })).toString()).toBe("page=4");
    expect(tableQueryParams(query({ perPage: 50 })).toString()).toBe("perPage=50");
    expect(tableQueryParams(query({ search: "a" })).toString()).toBe("search=a");
  });
  it("when a sort is set, its order is always written, even ASC", () => {
    expect(tableQueryParams(query({ sort: "advisor" })).toString()).toBe("sort=advisor&order=ASC");
    expect(tableQueryParams(query({ sort: "advisor", order: "DESC" })).toString()).toBe("sort=advisor&order=DESC");
  });
  it("round-trips through tableQueryFrom", () => {
    const state = query({ page: 3, perPage: 5, search: "a&b=c", sort: "status", order: "DESC" });
    expect(tableQueryFrom(tableQueryParams(state), SORTABLE)).toEqual(state);
  });
});

describe("nextSort: spec §4 table sort", () => {
  it("spec §4: a new column sorts descending first", () => {
    expect(nextSort({ sort: null, order: "ASC" }, "advisor")).toEqual({ sort: "advisor", order: "DESC" });
    expect(nextSort({ sort: "status", order: "ASC" }, "advisor")).toEqual({ sort: "advisor", order: "DESC" });
    expect(nextSort({ sort: "status", order: "DESC" }, "advisor")).toEqual({ sort: "advisor", order: "DESC" });
  });
  it("spec §4: clicking the same column toggles between ascending and descending", () => {
    expect(nextSort({ sort: "advisor", order: "DESC" }, "advisor")).toEqual({ sort: "advisor", order: "ASC" });
    expect(nextSort({ sort: "advisor", order: "ASC" }, "advisor")).toEqual({ sort: "advisor", order: "DESC" });
  });
  it("spec §4: three clicks on one column go DESC, ASC, DESC", () => {
    let state: { sort: string | null; order: "ASC" | "DESC" } = { sort: null, order: "ASC" };
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      state = nextSort(state, "status");
      seen.push(state.order);
    }
    expect(seen).toEqual(["DESC", "ASC", "DESC"]);
  });
});

describe("withQuery: links that change the table state in the URL", () => {
  const base = (s: string) => new URLSearchParams(s);
  it("changing only the page keeps everything else", () => {
    expect(withQuery(base("?perPage=10&search=ann&sort=status&order=DESC"), { page: 3 }, SORTABLE)).toBe(
      "?page=3&perPage=10&search=ann&sort=status&order=DESC",
    );
  });
  it("going back to page 1 with no other state gives an empty string", () => {
    expect(withQuery(base("?page=4"), { page: 1 }, SORTABLE)).toBe("");
  });
  it("spec §2: a new search goes back to page 1", () => {
    expect(withQuery(base("?page=4"), { search: "smith" }, SORTABLE)).toBe("?search=smith");
  });
  it("spec §2: a new page size goes back to page 1", () => {
    expect(withQuery(base("?page=4&search=smith"), { perPage: 50 }, SORTABLE)).toBe("?perPage=50&search=smith");
  });
  it("spec §4: a new sort goes back to page 1", () => {
    const sort = nextSort(q("?page=4"), "advisor");
    expect(withQuery(base("?page=4"), sort, SORTABLE)).toBe("?sort=advisor&order=DESC");
  });
  it("a change that changes nothing (the same search again) keeps the page", () => {
    expect(withQuery(base("?page=4&search=smith"), { search: "smith" }, SORTABLE)).toBe("?page=4&search=smith");
  });
  it("an explicit page in the change wins over the reset", () => {
    expect(withQuery(base("?page=4"), { perPage: 10, page: 2 }, SORTABLE)).toBe("?page=2&perPage=10");
  });
  it("keeps unrelated parameters (filters) in their place", () => {
    expect(withQuery(base("?status=Active&page=2"), { page: 3 }, SORTABLE)).toBe("?status=Active&page=3");
    expect(withQuery(base("?status=Active&page=2&level=3"), { search: "x" }, SORTABLE)).toBe(
      "?status=Active&search=x&level=3",
    );
    expect(withQuery(base("?page=2&status=Active"), { page: 5 }, SORTABLE)).toBe("?page=5&status=Active");
    expect(withQuery(base("?status=Active&status=Pending"), { page: 2 }, SORTABLE)).toBe(
      "?status=Active&status=Pending&page=2",
    );
  });
  it("filters alone remain when the table returns to its defaults", () => {
    expect(withQuery(base("?status=Active&search=x"), { search: "" }, SORTABLE)).toBe("?status=Active");
  });
  it("cleans invalid values from the URL and the change", () => {
    expect(withQuery(base("?page=abc&perPage=7&sort=secret&order=up"), { page: 2 }, SORTABLE)).toBe("?page=2");
    expect(withQuery(base(""), { perPage: 7 }, SORTABLE)).toBe("");
    expect(withQuery(base(""), { sort: "secret", order: "DESC" }, SORTABLE)).toBe("?order=DESC");
    expect(withQuery(base(""), { search: "  ann  " }, SORTABLE)).toBe("?search=ann");
    expect(withQuery(base(""), { page: 0 }, SORTABLE)).toBe("");
  });
  it("undefined fields in the change are ignored", () => {
    expect(withQuery(base("?page=3&search=a"), { search: undefined }, SORTABLE)).toBe("?page=3&search=a");
  });
  it("does not modify the base parameters", () => {
    const params = base("?page=2&status=Active");
    withQuery(params, { search: "x" }, SORTABLE);
    expect(params.toString()).toBe("page=2&status=Active");
  });
});

describe("pagingMeta: spec §3 table paging meta", () => {
  it("spec §3: carries page, currentPage, perPage, totalCount, totalPages, search, sort, order, pageNumbers", () => {
    expect(pagingMeta(query({ page: 2, search: "a", sort: "status", order: "DESC" }), 312)).toEqual({
      page: 2,
      currentPage: 2,
      perPage: 25,
      totalCount: 312,
      totalPages: 13,
      search: "a",
      sort: "status",
      order: "DESC",
      pageNumbers: [1, 2, 3, 4, 5],
    });
  });
  it("totalPages is ceil(totalCount / perPage)", () => {
    expect(pagingMeta(query(), 25).totalPages).toBe(1);
    expect(pagingMeta(query(), 26).totalPages).toBe(2);
    expect(pagingMeta(query({ perPage: 10 }), 100).totalPages).toBe(10);
    expect(pagingMeta(query({ perPage: 5 }), 101).totalPages).toBe(21);
  });
  it("0 rows: one page, page 1, page numbers [1]", () => {
    const meta = pagingMeta(query({ page: 3 }), 0);
    expect(meta.totalPages).toBe(1);
    expect(meta.currentPage).toBe(1);
    expect(meta.pageNumbers).toEqual([1]);
    expect(meta.totalCount).toBe(0);
  });
  it("a negative or non-finite count is treated as 0", () => {
    expect(pagingMeta(query(), -5).totalCount).toBe(0);
    expect(pagingMeta(query(), Number.NaN).totalPages).toBe(1);
  });
  it("a page beyond the last is clamped to the last page", () => {
    const meta = pagingMeta(query({ page: 99 }), 60);
    expect(meta.page).toBe(99);
    expect(meta.currentPage).toBe(3);
    expect(meta.pageNumbers).toEqual([1, 2, 3]);
  });
  it("page numbers are centred on the current page", () => {
    expect(pagingMeta(query({ page: 7 }), 312).pageNumbers).toEqual([5, 6, 7, 8, 9]);
  });
  it("page numbers at the start edge are clamped to 1", () => {
    expect(pagingMeta(query({ page: 1 }), 312).pageNumbers).toEqual([1, 2, 3, 4, 5]);
    expect(pagingMeta(query({ page: 2 }), 312).pageNumbers).toEqual([1, 2, 3, 4, 5]);
    expect(pagingMeta(query({ page: 3 }), 312).pageNumbers).toEqual([1, 2, 3, 4, 5]);
    expect(pagingMeta(query({ page: 4 }), 312).pageNumbers).toEqual([2, 3, 4, 5, 6]);
  });
  it("page numbers at the end edge are clamped to the last page", () => {
    expect(pagingMeta(query({ page: 13 }), 312).pageNumbers).toEqual([9, 10, 11, 12, 13]);
    expect(pagingMeta(query({ page: 12 }), 312).pageNumbers).toEqual([9, 10, 11, 12, 13]);
    expect(pagingMeta(query({ page: 11 }), 312).pageNumbers).toEqual([9, 10, 11, 12, 13]);
    expect(pagingMeta(query({ page: 10 }), 312).pageNumbers).toEqual([8, 9, 10, 11, 12]);
  });
  it("fewer pages than the window lists them all", () => {
    expect(pagingMeta(query({ page: 2 }), 60).pageNumbers).toEqual([1, 2, 3]);
    expect(pagingMeta(query(), 10).pageNumbers).toEqual([1]);
  });
  it("honours a custom window, even or odd", () => {
    expect(pagingMeta(query({ page: 7 }), 312, 3).pageNumbers).toEqual([6, 7, 8]);
    expect(pagingMeta(query({ page: 7 }), 312, 4).pageNumbers).toEqual([6, 7, 8, 9]);
    expect(pagingMeta(query({ page: 7 }), 312, 1).pageNumbers).toEqual([7]);
    expect(pagingMeta(query({ page: 7 }), 312, 0).pageNumbers).toEqual([7]);
    expect(pagingMeta(query({ page: 1 }), 312, 20).pageNumbers).toHaveLength(13);
  });
});

describe("showFirstLast: spec §2 pagination", () => {
  it("spec §2: First and Last buttons appear only if there is more than one page", () => {
    expect(showFirstLast({ totalPages: 1 })).toBe(false);
    expect(showFirstLast({ totalPages: 2 })).toBe(true);
    expect(showFirstLast(pagingMeta(query(), 0))).toBe(false);
    expect(showFirstLast(pagingMeta(query(), 25))).toBe(false);
    expect(showFirstLast(pagingMeta(query(), 26))).toBe(true);
  });
});

describe("rangeLabel", () => {
  it("shows the rows on the current page with an en dash", () => {
    expect(rangeLabel(pagingMeta(query(), 312))).toBe("1–25 of 312");
    expect(rangeLabel(pagingMeta(query({ page: 2 }), 312))).toBe("26–50 of 312");
  });
  it("the last page ends at the total", () => {
    expect(rangeLabel(pagingMeta(query({ page: 13 }), 312))).toBe("301–312 of 312");
  });
  it("a page beyond the last shows the last page", () => {
    expect(rangeLabel(pagingMeta(query({ page: 50 }), 312))).toBe("301–312 of 312");
  });
  it("a single row", () => {
    expect(rangeLabel(pagingMeta(query(), 1))).toBe("1–1 of 1");
  });
  it("0 rows reads none ('Policies: none', issue 11), not '0 of 0'", () => {
    expect(rangeLabel(pagingMeta(query({ page: 4 }), 0))).toBe("none");
  });
});

describe("ariaSort: sortable column headers (spec §2)", () => {
  it("the sorted column reports its direction", () => {
    expect(ariaSort("advisor", { sort: "advisor", order: "ASC" })).toBe("ascending");
    expect(ariaSort("advisor", { sort: "advisor", order: "DESC" })).toBe("descending");
  });
  it("other columns, or no sort, report none", () => {
    expect(ariaSort("status", { sort: "advisor", order: "DESC" })).toBe("none");
    expect(ariaSort("status", { sort: null, order: "ASC" })).toBe("none");
  });
});

describe("empty states (issue 11: 'no policies yet' vs 'no match for these filters')", () => {
  const FILTERS = ["status", "productId"] as const;
  const p = (search: string) => new URLSearchParams(search);
  it("a table with rows shows no empty state", () => {
    expect(emptyStateOf(3, p("search=x&status=Active"), FILTERS)).toBeNull();
  });
  it("no rows and nothing narrowing the list: nothing at all yet", () => {
    expect(emptyStateOf(0, p(""), FILTERS)).toBe("empty");
    // Sort, order, per page, page and other parameters narrow nothing.
    expect(emptyStateOf(0, p("sort=status&order=DESC&perPage=50&page=3&ticket=4"), FILTERS)).toBe("empty");
    // Empty or blank values are no filter and no search.
    expect(emptyStateOf(0, p("search=%20%20&status=&productId="), FILTERS)).toBe("empty");
  });
  it("no rows with a search or a filter set: no match", () => {
    expect(emptyStateOf(0, p("search=nobody"), FILTERS)).toBe("noMatch");
    expect(emptyStateOf(0, p("status=Active"), FILTERS)).toBe("noMatch");
    expect(emptyStateOf(0, p("productId=&productId=4"), FILTERS)).toBe("noMatch");
  });
  it("only the page's own filter names count", () => {
    expect(listNarrowed(p("carrierId=2"), FILTERS)).toBe(false);
    expect(listNarrowed(p("carrierId=2"), ["carrierId"])).toBe(true);
    expect(emptyStateOf(0, p("status=Active"), [])).toBe("empty");
  });
  it("clearing drops the search, the filters and the page, and keeps sort, order, per page and the rest", () => {
    expect(
      withoutSearchAndFilters(
        p("status=Active&page=2&perPage=50&search=ann&sort=status&order=DESC&productId=3&ticket=9"),
        FILTERS,
        SORTABLE,
      ),
    ).toBe("?perPage=50&sort=status&order=DESC&ticket=9");
    expect(withoutSearchAndFilters(p("search=ann"), FILTERS, SORTABLE)).toBe("");
  });
  it("no pager and no per-page choice with no rows at all", () => {
    expect(showPaging(pagingMeta(query(), 0), 0)).toBe(false);
    expect(showPaging(pagingMeta(query(), 1), 1)).toBe(true);
    expect(showPaging(pagingMeta(query(), 30), 0)).toBe(true);
  });
});

describe("the pager and the row menu (issue 37 §2: admin tables that fit a 1280 px laptop)", () => {
  it("shows the page links only when there is more than one page", () => {
    expect(showPager({ totalPages: 1 })).toBe(false);
    expect(showPager({ totalPages: 2 })).toBe(true);
  });

  it("offers the per-page choice only when it can change what shows (more rows than the smallest page)", () => {
    expect(showPerPage({ totalCount: 0 })).toBe(false);
    expect(showPerPage({ totalCount: 5 })).toBe(false);
    expect(showPerPage({ totalCount: 6 })).toBe(true);
    // One page of 50 still offers 25 again.
    expect(showPerPage({ totalCount: 30 })).toBe(true);
  });

  const none = { editHref: null, deleteHref: null, more: false, rowHref: null };

  it("drops a row menu whose only entry is the record link the row already is", () => {
    expect(
      rowMenuShown({ ...none, editHref: "/admin/carriers/2?back=%2Fadmin%2Fcarriers", rowHref: "/admin/carriers/2" }),
    ).toBe(false);
  });

  it("keeps it when its Edit leads elsewhere than the row's link, or the row has no link", () => {
    expect(rowMenuShown({ ...none, editHref: "/admin/users/3/edit?back=x", rowHref: "/admin/users/3" })).toBe(true);
    expect(rowMenuShown({ ...none, editHref: "/admin/roles/3" })).toBe(true);
  });

  it("keeps it when it holds more than the link: a Delete or other actions", () => {
    const linked = { editHref: "/admin/roles/3?back=x", rowHref: "/admin/roles/3" };
    expect(rowMenuShown({ ...none, ...linked, deleteHref: "?delete=3" })).toBe(true);
    expect(rowMenuShown({ ...none, ...linked, more: true })).toBe(true);
  });

  it("draws no menu with nothing in it", () => {
    expect(rowMenuShown(none)).toBe(false);
  });
});
