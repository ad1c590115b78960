import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** AES-256-GCM with a key derived from a secret; the first secret encrypts, every secret may decrypt (rotation). */
function keyOf(secret: string): Buffer {
  return createHash("sha256").update(`agent-portal:session:${secret}`).digest();
}

export function encrypt(plain: string, secrets: string[]): string {
  const iv = randomBytes(12);
  const [current] = secrets;
  if (current === undefined) throw new Error("encrypt: no secret");
  const cipher = createCipheriv("aes-256-gcm", keyOf(current), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url");
}

export function decrypt(sealed: string, secrets: string[]): string | null {
  let raw: Buffer;
  try {
    raw = Buffer.from(sealed, "base64url");
  } catch {
    return null;
  }
  if (raw.length < 28) return null;
  const iv = raw.subarray(0, 12);
  const tag = raw.subarray(12, 28);
  const data = raw.subarray(28);
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
    } catch {
      // wrong key: try the next secret
    }
  }
  return null;
}
