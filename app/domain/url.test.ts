import { describe, expect, it } from "vitest";
import { toggledParam } from "./url";

describe("toggledParam: the phone menu opens and closes with a link before hydration", () => {
  it("adds the flag, keeping the other parameters", () => {
    expect(toggledParam("/dashboard", "", "menu")).toBe("/dashboard?menu=");
    expect(toggledParam("/dashboard", "?brand=partner", "menu")).toBe("/dashboard?brand=partner&menu=");
  });
  it("removes it when present", () => {
    expect(toggledParam("/dashboard", "?menu=", "menu")).toBe("/dashboard");
    expect(toggledParam("/dashboard", "?menu&x=1", "menu")).toBe("/dashboard?x=1");
  });
});
