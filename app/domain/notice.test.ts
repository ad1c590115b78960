import { describe, expect, it } from "vitest";
import {
  NOTICE_PARAM,
  NOTICE_TAX_YEAR,
  NOTICE_THRESHOLD_DOLLARS,
  NOTICE_TITLE,
  noticeParagraphs,
  withoutNotice,
} from "~/domain/notice";

const ORG = "Summit Health Marketing";
const text = [NOTICE_TITLE, ...noticeParagraphs(ORG)].join("\n");

describe("spec §1: a notice modal addresses brokers and partners about annual 1099 tax forms", () => {
  it("is about 1099 tax forms", () => {
    expect(NOTICE_TITLE).toContain("1099");
    expect(text).toMatch(/1099 tax forms/);
  });

  it("addresses brokers and partners", () => {
    expect(text).toMatch(/brokers and partners/i);
  });

  it("spec §9: the 1099 notice threshold is 600 dollars for 2023", () => {
    expect(NOTICE_THRESHOLD_DOLLARS).toBe(600);
    expect(NOTICE_TAX_YEAR).toBe(2023);
    expect(text).toContain("$600");
    expect(text).toContain("2023");
    expect(text).toMatch(/\$600 or more in 2023/);
  });

  it("the forms are posted on an external agent portal", () => {
    expect(text).toMatch(/external agent portal/i);
    expect(noticeParagraphs(ORG)[0]).toContain(ORG);
  });

  it("gives login instructions", () => {
    expect(text).toMatch(/sign in/i);
    expect(text).toMatch(/password/i);
  });

  it("gives support contacts (an e-mail address and a phone number)", () => {
    expect(text).toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(text).toMatch(/\(\d{3}\) \d{3}-\d{4}/);
  });
});

describe("spec §2: the notice shows when the query parameter notice is present; closing removes the parameter from the URL", () => {
  it("the parameter is named notice", () => {
    expect(NOTICE_PARAM).toBe("notice");
  });

  it("removes only notice and keeps the other parameters", () => {
    expect(withoutNotice("/dashboard", "?notice=1&tab=2&brand=partner")).toBe("/dashboard?tab=2&brand=partner");
    expect(withoutNotice("/dashboard", "?tab=2&notice")).toBe("/dashboard?tab=2");
  });

  it("gives the bare path when notice was the only parameter", () => {
    expect(withoutNotice("/dashboard", "?notice")).toBe("/dashboard");
    expect(withoutNotice("/dashboard", "?notice=")).toBe("/dashboard");
  });

  it("removes every occurrence of notice", () => {
    expect(withoutNotice("/home", "?notice=1&a=b&notice=2")).toBe("/home?a=b");
  });

  it("leaves a URL without notice as it was", () => {
    expect(withoutNotice("/home", "")).toBe("/home");
    expect(withoutNotice("/home", "?a=b")).toBe("/home?a=b");
  });

  it("does not remove look-alike parameters", () => {
    expect(withoutNotice("/home", "?notices=1&notice=1")).toBe("/home?notices=1");
  });
});
