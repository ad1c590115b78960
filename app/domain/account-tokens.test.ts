import { describe, expect, it } from "vitest";
import { isAccountToken, isTokenUrl, redactTokens } from "./account-tokens";

const TOKEN = "aB3_-".repeat(8) + "xyz"; // 43 characters

describe("account tokens", () => {
  it("knows a token: 43 base64url characters", () => {
    expect(isAccountToken(TOKEN)).toBe(true);
    expect(isAccountToken(TOKEN.slice(1))).toBe(false);
    expect(isAccountToken(`${TOKEN.slice(1)}=`)).toBe(false);
    expect(isAccountToken(undefined)).toBe(false);
  });

  it("redacts the token of every page, data request and upstream path that carries one", () => {
    for (const path of [
      "/registration/",
      "/account/verify/",
      "/account/activate/",
      "/account/update_password/",
      "/api/registration/",
      "/api/account/activation/",
      "/api/account/password_reset/",
    ]) {
      expect(redactTokens(`${path}${TOKEN}`)).toBe(`${path}[redacted]`);
      expect(redactTokens(`${path}${TOKEN}.data?_routes=x`)).toBe(`${path}[redacted].data?_routes=x`);
      expect(isTokenUrl(`${path}${TOKEN}`)).toBe(true);
    }
    // Anything, not only well-formed tokens: a mistyped one is still somebody's secret.
    expect(redactTokens("/account/verify/abc")).toBe("/account/verify/[redacted]");
  });

  it("leaves the pages without a token alone", () => {
    for (const path of ["/registration", "/account/verify", "/account/update_password", "/register_downlines", "/"]) {
      expect(redactTokens(path)).toBe(path);
      expect(isTokenUrl(path)).toBe(false);
    }
  });
});
