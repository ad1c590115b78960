import { describe, expect, it } from "vitest";
import { isProviderAddress } from "./records";
import { providerSchema } from "./schemas";

describe("a quote tool provider's addresses and secret (issue 22 §2.4)", () => {
  it("an http(s) URL without credentials, or a path on the upstream", () => {
    for (const ok of ["https://quotes.example.com/sso", "http://127.0.0.1:3001/x?y=1", "/partners/sunfire/sign_on"])
      expect(isProviderAddress(ok), ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "//evil.example.com/", "https://u:p@quotes.example.com/", "quotes", ""])
      expect(isProviderAddress(bad), bad).toBe(false);
  });

  it("a secret left empty is none (the upstream keeps its own); a short one is refused", () => {
    const base = { name: "Q", signOnUrl: "/sso" };
    expect(providerSchema.parse({ ...base, secret: "" }).secret).toBeNull();
    expect(providerSchema.safeParse({ ...base, secret: "short" }).success).toBe(false);
    expect(providerSchema.parse({ ...base, secret: "long-enough-1" }).secret).toBe("long-enough-1");
  });
});
