import { describe, expect, it } from "vitest";
import type { MenuItem } from "./menu";
import { pageTitleFor, shellOfError } from "./shell";

const menu: MenuItem[] = [
  { key: "home", label: "Home", to: "/dashboard" },
  { key: "bookOfBusiness", label: "Book of Business", to: "/book_of_business" },
  {
    key: "quoteEnroll",
    label: "Quote & Enroll",
    to: "/enrollments",
    children: [
      { key: "quote", label: "Quote Tool", to: "/quote_tool", newWindow: true },
      { key: "submittedEnrollments", label: "Submitted Enrollments", to: "/submitted_enrollments" },
    ],
  },
];

describe("the phone header's page name (issue 11)", () => {
  it("is the label of the menu entry leading to the path", () => {
    expect(pageTitleFor(menu, "/book_of_business")).toBe("Book of Business");
    expect(pageTitleFor(menu, "/book_of_business/")).toBe("Book of Business");
    expect(pageTitleFor(menu, "/dashboard")).toBe("Home");
  });

  it("finds a child entry, but not one that opens in a new window", () => {
    expect(pageTitleFor(menu, "/submitted_enrollments")).toBe("Submitted Enrollments");
    expect(pageTitleFor(menu, "/quote_tool")).toBeNull();
  });

  it("is null for a page the menu does not list", () => {
    expect(pageTitleFor(menu, "/register_downlines/new")).toBeNull();
  });
});

describe("the chrome an error answer carries", () => {
  it("is read from a 403/404 answer's data, and only when it looks like one", () => {
    const shell = { userName: "Linda Chen", menu };
    expect(shellOfError({ home: "/dashboard", shell })).toBe(shell);
    expect(shellOfError({ home: "/dashboard" })).toBeNull();
    expect(shellOfError({ shell: { menu } })).toBeNull();
    expect(shellOfError(null)).toBeNull();
    expect(shellOfError("shell")).toBeNull();
  });
});
