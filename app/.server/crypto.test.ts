import { describe, expect, it } from "vitest";
import { decrypt, encrypt } from "~/.server/crypto";

const OLD = "old-secret-0123456789abcdef";
const NEW = "new-secret-fedcba9876543210";
const OTHER = "some-other-secret-000000000";

describe("session cookie encryption (AES-256-GCM, first secret encrypts, every secret decrypts)", () => {
  it("round trip gives the plain text back", () => {
    const plain = JSON.stringify({ token: "abc.def", userId: 1, name: "Zoë – ünïcode" });
    expect(decrypt(encrypt(plain, [NEW]), [NEW])).toBe(plain);
  });

  it("each encryption is different (random IV) yet both decrypt", () => {
    const a = encrypt("same", [NEW]);
    const b = encrypt("same", [NEW]);
    expect(a).not.toBe(b);
    expect(decrypt(a, [NEW])).toBe("same");
    expect(decrypt(b, [NEW])).toBe("same");
  });

  it("the sealed value does not reveal the plain text", () => {
    const sealed = encrypt("secret-token-value", [NEW]);
    expect(sealed).not.toContain("secret-token-value");
    expect(Buffer.from(sealed, "base64url").toString("utf8")).not.toContain("secret-token-value");
  });

  it("tampering with any byte gives null", () => {
    const sealed = encrypt("a session worth protecting", [NEW]);
    const raw = Buffer.from(sealed, "base64url");
    for (const index of [0, 12, 20, 28, raw.length - 1]) {
      const tampered = Buffer.from(raw);
      tampered[index] = tampered[index]! ^ 0x01;
      expect(decrypt(tampered.toString("base64url"), [NEW]), `byte ${index}`).toBeNull();
    }
  });

  it("a truncated or garbage value gives null", () => {
    const sealed = encrypt("value", [NEW]);
    expect(decrypt(sealed.slice(0, 20), [NEW])).toBeNull();
    expect(decrypt("", [NEW])).toBeNull();
    expect(decrypt("not-a-cookie", [NEW])).toBeNull();
    expect(decrypt("!!!***", [NEW])).toBeNull();
  });

  it("key rotation: a value encrypted with the old secret (first then) decrypts when it is second", () => {
    const sealed = encrypt("rotated", [OLD]);
    expect(decrypt(sealed, [NEW, OLD])).toBe("rotated");
  });

  it("after rotation new values are encrypted with the first secret only", () => {
    const sealed = encrypt("fresh", [NEW, OLD]);
    expect(decrypt(sealed, [NEW])).toBe("fresh");
    expect(decrypt(sealed, [OLD])).toBeNull();
  });

  it("a wrong secret gives null", () => {
    const sealed = encrypt("value", [NEW]);
    expect(decrypt(sealed, [OTHER])).toBeNull();
    expect(decrypt(sealed, [OLD, OTHER])).toBeNull();
  });
});
