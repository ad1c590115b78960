import { describe, expect, it } from "vitest";
import { SEARCH_DEBOUNCE_MS } from "~/domain/table";
import { filterChangeDelay } from "./filter-form";

describe("filters apply as they change (issue 11 point 6)", () => {
  it("a chosen option, a ticked box or a radio applies at once", () => {
    expect(filterChangeDelay({ tagName: "SELECT" })).toBe(0);
    expect(filterChangeDelay({ tagName: "INPUT", type: "checkbox" })).toBe(0);
    expect(filterChangeDelay({ tagName: "INPUT", type: "radio" })).toBe(0);
  });

  it("typed text waits for the search pause (spec §2: 500 ms)", () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(filterChangeDelay({ tagName: "INPUT", type: "text" })).toBe(500);
    expect(filterChangeDelay({ tagName: "INPUT", type: "search" })).toBe(500);
  });
});
