import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/domain/redirect";

const FALLBACK = "/dashboard";
const BASE = "https://portal.example";

/** The result must start with a single '/' and resolve on this site. */
function expectSameSite(result: string) {
  expect(result.startsWith("/")).toBe(true);
  expect(result.startsWith("//")).toBe(false);
  expect(result.startsWith("/\\")).toBe(false);
  expect(new URL(result, BASE).origin).toBe(BASE);
}

describe("spec §2: the wanted URL is kept and used after sign-in — only when it stays on this site", () => {
  it("keeps a same-site path", () => {
    expect(safeRedirect("/x", FALLBACK)).toBe("/x");
    expect(safeRedirect("/commissions", FALLBACK)).toBe("/commissions");
  });

  it("keeps the query and the hash", () => {
    expect(safeRedirect("/x?y=1#z", FALLBACK)).toBe("/x?y=1#z");
    expect(safeRedirect("/learning_center/agent_resources/3?tab=2", FALLBACK)).toBe(
      "/learning_center/agent_resources/3?tab=2",
    );
  });

  it.each([
    ["protocol-relative", "//evil.example"],
    ["protocol-relative with path", "//evil.example/dashboard"],
    ["slash-backslash", "/\\evil.example"],
    ["absolute https", "https://evil.example"],
    ["absolute http", "http://evil.example/x"],
    ["scheme with one slash", "http:/evil"],
    ["javascript URL", "javascript:alert(1)"],
    ["data URL", "data:text/html,<script>alert(1)</script>"],
    ["relative without slash", "dashboard"],
    ["empty string", ""],
    ["tab inside", "/\t/evil.example"],
    ["newline inside", "/\n/evil.example"],
    ["tab at the end", "/x\t"],
    ["carriage return", "/x\r\nSet-Cookie: a=b"],
    ["backslash later", "/x\\..\\\\evil.example"],
    ["dot segment collapsing to //", "/.//evil.example"],
    ["dot-dot segment collapsing to //", "/..//evil.example"],
    ["nested dot-dot collapsing to //", "/a/..//evil.example"],
  ])("%s (%j) → fallback", (_name, to) => {
    expect(safeRedirect(to, FALLBACK)).toBe(FALLBACK);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a number", 42],
    ["an object", { pathname: "/x" }],
    ["an array", ["/x"]],
  ])("%s → fallback", (_name, to) => {
    expect(safeRedirect(to, FALLBACK)).toBe(FALLBACK);
  });

  it("an encoded tab ('/%09/evil.example') stays a path on this site", () => {
    const result = safeRedirect("/%09/evil.example", FALLBACK);
    expectSameSite(result);
  });

  it("an encoded slash ('/%2F%2Fevil.example') stays a path on this site", () => {
    expectSameSite(safeRedirect("/%2F%2Fevil.example", FALLBACK));
  });

  it("whatever the input, the result starts with a single '/' and stays on this site", () => {
    const inputs = [
      "/x",
      "/./x",
      "/../x",
      "/a/../../b",
      "/.//evil.example",
      "/%2e%2e//evil.example",
      "/%5Cevil.example",
      "/%09/evil.example",
      "/ /evil.example",
      "///evil.example",
      "/\u00a0/evil.example",
      "https:evil.example",
      "\\\\evil.example",
    ];
    for (const input of inputs) expectSameSite(safeRedirect(input, FALLBACK));
  });
});
