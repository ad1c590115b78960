import { describe, expect, it } from "vitest";
import {
  DESTROY_FLAG,
  type NestedValue,
  attributesName,
  fromNestedEntries,
  isDestroyed,
  toNestedEntries,
} from "~/domain/nested-attributes";

const key = (field: string) => `user[legalAnswersAttributes][][${field}]`;

describe("spec §3: nested form fields are renamed with an Attributes suffix on save", () => {
  it("attributesName", () => expect(attributesName("legalAnswers")).toBe("legalAnswersAttributes"));
});

describe("spec §7: PUT /api/profile/legal_answers multipart form with user[legalAnswersAttributes][] entries", () => {
  it("rows in order, each row's fields contiguous, in the row's key order", () => {
    expect(
      toNestedEntries("user", "legalAnswers", [
        { legalQuestionId: "1", hasOccurred: "false" },
        { legalQuestionId: "2", hasOccurred: "true", explanation: "x" },
      ]),
    ).toEqual([
      [key("legalQuestionId"), "1"],
      [key("hasOccurred"), "false"],
      [key("legalQuestionId"), "2"],
      [key("hasOccurred"), "true"],
      [key("explanation"), "x"],
    ]);
  });

  it("null and undefined fields are skipped; empty strings are kept", () => {
    expect(
      toNestedEntries("user", "legalAnswers", [{ legalQuestionId: "1", id: null, action: undefined, reason: "" }]),
    ).toEqual([
      [key("legalQuestionId"), "1"],
      [key("reason"), ""],
    ]);
  });

  it("every row begins with the same field, even when a row's own order differs", () => {
    const entries = toNestedEntries("user", "legalAnswers", [
      { id: null, legalQuestionId: "1", hasOccurred: "false" },
      { id: "5", legalQuestionId: "2", hasOccurred: "true" },
    ]);
    expect(entries.map(([k]) => k)).toEqual([
      key("legalQuestionId"),
      key("hasOccurred"),
      key("legalQuestionId"),
      key("id"),
      key("hasOccurred"),
    ]);
    // Without the shared leader, id=5 would have merged into the first row.
    expect(fromNestedEntries(entries, "user", "legalAnswers")).toEqual([
      { legalQuestionId: "1", hasOccurred: "false" },
      { legalQuestionId: "2", id: "5", hasOccurred: "true" },
    ]);
  });

  it("rows with no field are dropped; rows sharing no field are refused", () => {
    expect(toNestedEntries("user", "legalAnswers", [{ id: null }, { a: "1" }])).toEqual([[key("a"), "1"]]);
    expect(toNestedEntries("user", "legalAnswers", [])).toEqual([]);
    expect(() => toNestedEntries("user", "legalAnswers", [{ a: "1" }, { b: "2" }])).toThrow(/ambiguous/);
  });

  it("Blobs pass through", () => {
    const file = new File(["%PDF"], "a.pdf", { type: "application/pdf" });
    const entries = toNestedEntries("user", "legalAnswers", [{ legalQuestionId: "1", file }]);
    expect(entries[1]).toEqual([key("file"), file]);
    expect(fromNestedEntries(entries, "user", "legalAnswers")[0].file).toBe(file);
  });
});

describe("fromNestedEntries: Rails semantics, a new row begins when a field repeats within the current row", () => {
  it("splits rows on a repeated field and ignores other keys", () => {
    const entries: Array<[string, NestedValue]> = [
      ["authenticity_token", "t"],
      [key("legalQuestionId"), "1"],
      [key("explanation"), "a"],
      ["user[otherAttributes][][legalQuestionId]", "9"],
      [key("legalQuestionId"), "2"],
      ["user[legalAnswersAttributes][][file][name]", "deep"],
      [key("explanation"), "b"],
      [key("explanation"), "c"],
    ];
    expect(fromNestedEntries(entries, "user", "legalAnswers")).toEqual([
      { legalQuestionId: "1", explanation: "a" },
      { legalQuestionId: "2", explanation: "b" },
      { explanation: "c" },
    ]);
  });

  it("reads a FormData", () => {
    const form = new FormData();
    form.append(key("legalQuestionId"), "1");
    form.append(key("legalQuestionId"), "2");
    expect(fromNestedEntries(form as unknown as Iterable<[string, NestedValue]>, "user", "legalAnswers")).toEqual([
      { legalQuestionId: "1" },
      { legalQuestionId: "2" },
    ]);
  });

  it("no matching entries → no rows", () =>
    expect(fromNestedEntries([["x", "1"]], "user", "legalAnswers")).toEqual([]));
});

describe("round trip", () => {
  it.each([
    [[{ legalQuestionId: "1" }]],
    [
      [
        { legalQuestionId: "1", hasOccurred: "false" },
        { legalQuestionId: "2", hasOccurred: "false" },
      ],
    ],
    [
      [
        {
          legalQuestionId: "1",
          id: "7",
          hasOccurred: "true",
          actionOn: "2020-01-02",
          explanation: "e",
          removeFile: "1",
        },
        { legalQuestionId: "2", hasOccurred: "false" },
        { legalQuestionId: "3", [DESTROY_FLAG]: "1" },
      ],
    ],
  ])("%j", (rows) => {
    expect(fromNestedEntries(toNestedEntries("user", "legalAnswers", rows), "user", "legalAnswers")).toEqual(rows);
  });
});

describe("spec §3: a _destroy flag of 1 marks a row as removed", () => {
  it("the flag name", () => expect(DESTROY_FLAG).toBe("_destroy"));
  it.each([
    [{ _destroy: "1" }, true],
    [{ _destroy: "true" }, true],
    [{ _destroy: "0" }, false],
    [{ _destroy: "false" }, false],
    [{ _destroy: null }, false],
    [{}, false],
  ])("%j → %s", (row, destroyed) => expect(isDestroyed(row)).toBe(destroyed));
});
