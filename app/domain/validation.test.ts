import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  CONTROL_CHARACTERS_TEXT,
  DATE_FORMAT,
  MONTH_FORMAT,
  hasControlCharacters,
  noControlCharacters,
  optionalUpload,
  parseUsDate,
  parseUsMonth,
  positiveNumber,
  required,
  singleLine,
  toUsDate,
  toUsMonth,
  usDate,
  usMonth,
} from "~/domain/validation";

function messages(result: { success: boolean; error?: z.core.$ZodError }): string[] {
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

describe("spec §5: a required value that is blank raises the supplied error message", () => {
  const schema = required("Enter your name");
  it("a value passes, trimmed", () => expect(schema.parse("  Ann ")).toBe("Ann"));
  it.each(["", "   ", "\t\n"])("blank (%j) raises the message", (value) => {
    expect(messages(schema.safeParse(value))).toEqual(["Enter your name"]);
  });
  it("an absent field raises the message", () => {
    expect(messages(schema.safeParse(undefined))).toEqual(["Enter your name"]);
    expect(messages(z.object({ name: schema }).safeParse({}))).toEqual(["Enter your name"]);
  });
});

describe("spec §5: a number must be numeric and greater than zero, otherwise an error message", () => {
  const schema = positiveNumber("Enter an amount");
  it.each([
    [1, 1],
    [0.5, 0.5],
    ["12", 12],
    [" 3.25 ", 3.25],
    [".5", 0.5],
  ])("%j passes as %j", (input, output) => expect(schema.parse(input)).toBe(output));
  it.each([0, -1, "0", "-2", "", "abc", "1,000", "12px", Number.NaN, Number.POSITIVE_INFINITY, null, undefined])(
    "%j raises the message",
    (value) => expect(messages(schema.safeParse(value))).toEqual(["Enter an amount"]),
  );
});

describe("spec §5/§9: dates in month/day/year format (MM/DD/YYYY)", () => {
  it("the format", () => expect(DATE_FORMAT).toBe("MM/DD/YYYY"));
  it.each([
    ["03/05/2024", "2024-03-05"],
    ["12/31/1999", "1999-12-31"],
    ["02/29/2024", "2024-02-29"],
    ["1/5/2024", "2024-01-05"],
    [" 01/05/2024 ", "2024-01-05"],
  ])("%j → %j", (input, iso) => expect(parseUsDate(input)).toBe(iso));
  it.each([
    "02/30/2024",
    "02/29/2023",
    "13/01/2024",
    "00/10/2024",
    "04/31/2024",
    "01/00/2024",
    "1/1/24",
    "2024-01-05",
    "",
    "tomorrow",
  ])("%j is not a real MM/DD/YYYY date", (input) => expect(parseUsDate(input)).toBeNull());
  it("toUsDate formats ISO as MM/DD/YYYY, '' when missing or invalid", () => {
    expect(toUsDate("2024-03-05")).toBe("03/05/2024");
    expect(toUsDate("2024-03-05T10:00:00Z")).toBe("03/05/2024");
    expect(toUsDate(null)).toBe("");
    expect(toUsDate("")).toBe("");
    expect(toUsDate("2024-02-30")).toBe("");
    expect(toUsDate("03/05/2024")).toBe("");
  });
  it("round trip", () => expect(parseUsDate(toUsDate("1987-11-09"))).toBe("1987-11-09"));
});

describe("spec §5: a date of action in month/day/year format, with min and max dates (spec §2 date picker)", () => {
  const schema = usDate("Enter the date as MM/DD/YYYY", { min: "1950-01-01", max: "2024-06-15" });
  it("transforms to ISO", () => expect(schema.parse("06/15/2024")).toBe("2024-06-15"));
  it("the bounds are inclusive", () => expect(schema.parse("01/01/1950")).toBe("1950-01-01"));
  it.each(["", "02/30/2024", "6/15/24", undefined])("%j raises the message", (value) => {
    expect(messages(schema.safeParse(value))).toEqual(["Enter the date as MM/DD/YYYY"]);
  });
  it("before min", () =>
    expect(messages(schema.safeParse("12/31/1949"))).toEqual(["Enter a date on or after 01/01/1950"]));
  it("after max", () =>
    expect(messages(schema.safeParse("06/16/2024"))).toEqual(["Enter a date on or before 06/15/2024"]));
  it("no bounds", () => expect(usDate("x", {}).parse("01/01/1800")).toBe("1800-01-01"));
});

describe("issue 37 §4: a period (a month) is typed as MM/YYYY, through the one month picker", () => {
  it("the format the field shows", () => expect(MONTH_FORMAT).toBe("MM/YYYY"));
  it.each([
    ["11/2026", "2026-11"],
    ["1/2025", "2025-01"],
    [" 12/2024 ", "2024-12"],
  ])("%j → %j", (typed, period) => expect(parseUsMonth(typed)).toBe(period));
  it.each(["", "13/2026", "00/2026", "2026-11", "11/26", "11/2026/01"])("%j is not a month", (typed) =>
    expect(parseUsMonth(typed)).toBeNull(),
  );
  it("back to the typed form", () => {
    expect(toUsMonth("2026-11")).toBe("11/2026");
    expect(toUsMonth("2026-11-28")).toBe("11/2026");
    expect(toUsMonth("2026-13")).toBe("");
    expect(toUsMonth(undefined)).toBe("");
  });
  const schema = usMonth("Enter the period as MM/YYYY", { min: "2020-01", max: "2026-12-07" });
  it("transforms to YYYY-MM, bounds inclusive", () => {
    expect(schema.parse("12/2026")).toBe("2026-12");
    expect(schema.parse("01/2020")).toBe("2020-01");
  });
  it.each(["", "2026-11", undefined])("%j raises the message", (value) =>
    expect(messages(schema.safeParse(value))).toEqual(["Enter the period as MM/YYYY"]),
  );
  it("before min", () => expect(messages(schema.safeParse("12/2019"))).toEqual(["Enter a month on or after 01/2020"]));
  it("after max", () => expect(messages(schema.safeParse("01/2027"))).toEqual(["Enter a month on or before 12/2026"]));
});

describe("spec §5: file upload is required only where flagged required", () => {
  const schema = z.object({ attachment: optionalUpload });
  const pdf = (bytes: number, name = "a.pdf", type = "application/pdf") =>
    new File([new Uint8Array(bytes)], name, { type });

  it("no file, or the empty file of an input left empty, passes", () => {
    expect(schema.safeParse({}).success).toBe(true);
    expect(schema.safeParse({ attachment: new File([], "") }).success).toBe(true);
  });
  it("a chosen file is checked against the upload rules", () => {
    expect(schema.safeParse({ attachment: pdf(10) }).success).toBe(true);
    expect(schema.safeParse({ attachment: pdf(10, "notes.txt", "text/plain") }).error?.issues[0]?.message).toBe(
      "Only images or PDF files can be attached",
    );
    expect(schema.safeParse({ attachment: pdf(0, "empty.pdf") }).error?.issues[0]?.message).toBe(
      "The attached file is empty",
    );
  });
  it("what is not a file is refused", () => expect(schema.safeParse({ attachment: "a.pdf" }).success).toBe(false));
});

describe("control and bidirectional formatting characters are refused at the field (issue 20)", () => {
  const RLO = "\u202e";
  const refusedAnywhere = [
    ["NUL", "Ma\u0000ria"],
    ["a NUL at the end", "Maria\u0000"],
    ["BEL", "Ma\u0007ria"],
    ["ESC", "Ma\u001b[31mria"],
    ["vertical tab", "Ma\u000bria"],
    ["form feed", "Ma\u000cria"],
    ["DEL", "Ma\u007fria"],
    ["a C1 control (NEL)", "Ma\u0085ria"],
    ["a C1 control (CSI)", "Ma\u009bria"],
    ["a right-to-left override", `Maria ${RLO}fdp.exe`],
    ["a left-to-right override", "Ma\u202dria"],
    ["a right-to-left embedding", "Ma\u202bria"],
    ["a pop directional formatting", "Ma\u202cria"],
    ["a left-to-right isolate", "Ma\u2066ria"],
    ["a pop directional isolate", "Ma\u2069ria"],
    ["a right-to-left mark", "Ma\u200fria"],
    ["a left-to-right mark", "Ma\u200eria"],
    ["an Arabic letter mark", "Ma\u061cria"],
  ] as const;

  it.each(refusedAnywhere)("%s is refused in a line and in a message", (_what, value) => {
    expect(hasControlCharacters(value)).toBe(true);
    expect(hasControlCharacters(value, { multiline: true })).toBe(true);
    expect(messages(singleLine("Enter the first name").safeParse(value))).toEqual([CONTROL_CHARACTERS_TEXT]);
    expect(messages(required("Write your message").safeParse(value))).toEqual([CONTROL_CHARACTERS_TEXT]);
  });

  it("the message says what to do", () => {
    expect(CONTROL_CHARACTERS_TEXT).toBe("Remove the invisible control characters from this field.");
  });

  it.each([
    ["a tab", "Maria\tAlvarez"],
    ["a line feed", "Maria\nAlvarez"],
    ["a carriage return and line feed (a textarea's line break)", "Maria\r\nAlvarez"],
  ])("%s inside a field meant for one line is refused; a message keeps it", (_what, value) => {
    expect(messages(singleLine("Enter a subject").safeParse(value))).toEqual([CONTROL_CHARACTERS_TEXT]);
    expect(required("Write your message").parse(value)).toBe(value);
  });

  it.each([
    "María José Núñez",
    "O'Brien-Smith Jr.",
    "王小明",
    "محمد",
    "שרה לוי",
    "Zoë 👩‍💼 Ünïcode",
    "Joseph\u200dine", // a zero-width joiner (emoji sequences) is not a control
  ])("real names pass unchanged: %s", (value) => {
    expect(singleLine("Enter the first name").parse(value)).toBe(value);
    expect(hasControlCharacters(value)).toBe(false);
  });

  it("blank is still the field's own message; spaces and line breaks around a value are trimmed", () => {
    expect(messages(singleLine("Enter the first name").safeParse(" "))).toEqual(["Enter the first name"]);
    expect(singleLine("Enter the first name").parse("  Ann\n")).toBe("Ann");
  });

  it("the check on its own, for optional fields", () => {
    const line = z.string().check(noControlCharacters());
    const text = z.string().check(noControlCharacters({ multiline: true }));
    expect(line.safeParse("").success).toBe(true);
    expect(messages(line.safeParse(`a${RLO}b`))).toEqual([CONTROL_CHARACTERS_TEXT]);
    expect(messages(text.safeParse("a\u0000b"))).toEqual([CONTROL_CHARACTERS_TEXT]);
    expect(text.parse("line 1\r\nline 2\tend")).toBe("line 1\r\nline 2\tend");
  });
});
