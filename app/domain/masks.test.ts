import { describe, expect, it } from "vitest";
import { formatMasked, formatPhone } from "~/domain/masks";
import {
  MASKED_EIN,
  MASKED_SSN,
  digitsOf,
  isValidEin,
  isValidLast4Ssn,
  isValidPhone,
  isValidSsn,
} from "~/domain/masked-values";

describe("digitsOf", () => {
  it("keeps only digits", () => {
    expect(digitsOf("(555) 123-4567 x89")).toBe("555123456789");
    expect(digitsOf("")).toBe("");
    expect(digitsOf(null)).toBe("");
  });
});

const formatSsn = (v: string) => formatMasked("ssn", v);
const formatEin = (v: string) => formatMasked("ein", v);
const formatLast4Ssn = (v: string) => formatMasked("last4Ssn", v);
const formatCurrency = (v: string) => formatMasked("currency", v);

describe("spec §5: input mask phone (10 digits plus optional extension)", () => {
  it("formats 10 digits", () => expect(formatPhone("5551234567")).toBe("(555) 123-4567"));
  it("is the phone mask", () => expect(formatMasked("phone", "555 123 4567")).toBe("(555) 123-4567"));
  it("a value without digits is empty", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone(null)).toBe("");
    expect(formatPhone("call me")).toBe("");
  });
  it("formats an extension", () => expect(formatPhone("555123456789")).toBe("(555) 123-4567 x89"));
  it("is progressive while typing", () => {
    expect(["", "5", "55", "555", "5551", "555123", "5551234", "555123456"].map(formatPhone)).toEqual([
      "",
      "(5",
      "(55",
      "(555",
      "(555) 1",
      "(555) 123",
      "(555) 123-4",
      "(555) 123-456",
    ]);
  });
  it("is idempotent", () => {
    expect(formatPhone("(555) 123-4567")).toBe("(555) 123-4567");
    expect(formatPhone("(555) 123-4567 x89")).toBe("(555) 123-4567 x89");
  });
  it("drops digits beyond the longest extension", () =>
    expect(formatPhone("5551234567123456789")).toBe("(555) 123-4567 x123456"));
  it.each(["5551234567", "(555) 123-4567", "555-123-4567", "(555) 123-4567 x89", "555.123.4567 ext 12"])(
    "valid: %s",
    (v) => expect(isValidPhone(v)).toBe(true),
  );
  it.each(["", "555123456", "(555) 123-456", "555-123-4567 call me", "5551234567 x1234567"])("invalid: %j", (v) =>
    expect(isValidPhone(v)).toBe(false),
  );
});

describe("spec §5: input mask ssn ###-##-####", () => {
  it("formats 9 digits", () => expect(formatSsn("123456789")).toBe("123-45-6789"));
  it("is progressive while typing", () => {
    expect(["1", "123", "1234", "12345", "123456", "12345678"].map(formatSsn)).toEqual([
      "1",
      "123",
      "123-4",
      "123-45",
      "123-45-6",
      "123-45-678",
    ]);
  });
  it("is idempotent and drops extra digits", () => {
    expect(formatSsn("123-45-6789")).toBe("123-45-6789");
    expect(formatSsn("1234567890")).toBe("123-45-6789");
  });
  it("validity", () => {
    expect(isValidSsn("123-45-6789")).toBe(true);
    expect(isValidSsn("123456789")).toBe(true);
    expect(isValidSsn("123-45-678")).toBe(false);
    expect(isValidSsn("1234567890")).toBe(false);
    expect(isValidSsn(MASKED_SSN)).toBe(false);
    expect(isValidSsn("")).toBe(false);
  });
});

describe("spec §5: input mask last4ssn 4 digits", () => {
  it("formats to at most 4 digits", () => {
    expect(formatLast4Ssn("12a3")).toBe("123");
    expect(formatLast4Ssn("123456")).toBe("1234");
  });
  it("validity", () => {
    expect(isValidLast4Ssn("1234")).toBe(true);
    expect(isValidLast4Ssn("123")).toBe(false);
    expect(isValidLast4Ssn("12345")).toBe(false);
    expect(isValidLast4Ssn("12a4")).toBe(false);
  });
});

describe("spec §5: input mask ein ##-#######", () => {
  it("formats 9 digits", () => expect(formatEin("123456789")).toBe("12-3456789"));
  it("is progressive while typing", () => {
    expect(["1", "12", "123", "12345"].map(formatEin)).toEqual(["1", "12", "12-3", "12-345"]);
  });
  it("is idempotent and drops extra digits", () => {
    expect(formatEin("12-3456789")).toBe("12-3456789");
    expect(formatEin("12345678901")).toBe("12-3456789");
  });
  it("validity", () => {
    expect(isValidEin("12-3456789")).toBe(true);
    expect(isValidEin("123456789")).toBe(true);
    expect(isValidEin("12-345678")).toBe(false);
    expect(isValidEin(MASKED_EIN)).toBe(false);
  });
});

describe("spec §9: currency $ with 2 decimals", () => {
  it("groups thousands and keeps at most 2 decimals", () => {
    expect(formatCurrency("1234.5")).toBe("$1,234.5");
    expect(formatCurrency("1234.567")).toBe("$1,234.56");
  });
  it("is idempotent and never negative", () => {
    expect(formatCurrency("$1,234.56")).toBe("$1,234.56");
    expect(formatCurrency("-5")).toBe("$5");
  });
  it("a value without digits is empty", () => expect(formatCurrency("abc")).toBe(""));
});

describe("spec §5: masked display forms XXX-XX-XXXX and XX-XXXXXXX", () => {
  it("SSN", () => expect(MASKED_SSN).toBe("XXX-XX-XXXX"));
  it("EIN", () => expect(MASKED_EIN).toBe("XX-XXXXXXX"));
});
