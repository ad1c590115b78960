/** Password hashes of the reference API's users: scrypt with a random salt per hash. */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/** `scrypt$<salt hex>$<hash hex>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString("hex")}$${hash.toString("hex")}`;
}

/** Hashed against when the stored value is no hash (an account without a password: '!'), to take the same time. */
const NO_SALT = Buffer.alloc(16);

/** Whether the password matches; a stored value that is not a scrypt hash matches nothing (after as long). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split("$");
  if (scheme !== "scrypt" || !saltHex || !hashHex) {
    await scrypt(password, NO_SALT, KEY_LENGTH);
    return false;
  }
  const expected = Buffer.from(hashHex, "hex");
  const actual = await scrypt(password, Buffer.from(saltHex, "hex"), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password hash no password matches (verifyPassword refuses anything but scrypt$…). */
export const NO_PASSWORD_HASH = "!";
