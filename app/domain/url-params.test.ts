import { describe, expect, it } from "vitest";
import { pathWithout } from "./url-params";

describe("pathWithout", () => {
  it("drops every value of the named parameters and keeps the rest in order", () => {
    expect(pathWithout("/admin/users", "?confirm=1&page=2&confirm=3&delete=4&sort=email", ["confirm", "delete"])).toBe(
      "/admin/users?page=2&sort=email",
    );
  });

  it("answers the bare path when nothing is left", () => {
    expect(pathWithout("/register_downlines", "?confirm=12", ["confirm"])).toBe("/register_downlines");
    expect(pathWithout("/register_downlines", "", ["confirm"])).toBe("/register_downlines");
  });
});
