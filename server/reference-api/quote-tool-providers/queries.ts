/**
 * The quote tool providers (issue 22 §2.4): the admin record (never the secret: `hasSecret`), and the provider the
 * quote tool opens for a user (sunfire.ts): the first enabled one, by id, whose roles hold the user's (an
 * administrator may open any enabled one, to check it).
 */
import type { AdminQuoteToolProvider } from "../../../app/admin/sections/quote_tool_providers/records.ts";
import type { Role } from "../../../app/domain/user.ts";
import type { ReferenceDb } from "../core/db.ts";

const text = (v: unknown): string => (v == null ? "" : String(v as string | number));

/** The columns a record is read from: every one but the secret, which only says whether it is set. */
export const PROVIDER_COLUMNS = `p.id, p.name, p.sign_on_url, p.test_site_url, p.roles, p.enabled, p.updated_at,
  (p.secret IS NOT NULL AND p.secret <> '') AS has_secret`;

export function providerFromRow(r: Record<string, unknown>): AdminQuoteToolProvider {
  return {
    id: Number(r.id),
    name: text(r.name),
    signOnUrl: text(r.sign_on_url),
    testSiteUrl: r.test_site_url == null ? null : text(r.test_site_url),
    roles: JSON.parse(text(r.roles) || "[]") as Role[],
    enabled: Number(r.enabled) === 1,
    hasSecret: Number(r.has_secret) === 1,
    updatedAt: text(r.updated_at),
  };
}

export async function findProvider(db: ReferenceDb, id: number): Promise<AdminQuoteToolProvider | null> {
  const found = await db.client.execute({
    sql: `SELECT ${PROVIDER_COLUMNS} FROM quote_tool_providers p WHERE p.id = ?`,
    args: [id],
  });
  return found.rows[0] ? providerFromRow(found.rows[0]) : null;
}

export type ProviderChoice =
  | { kind: "open"; provider: AdminQuoteToolProvider }
  /** No provider is enabled: the quote tool is off for everyone. */
  | { kind: "disabled" }
  /** Enabled providers exist, none for this role. */
  | { kind: "role" };

/** The provider the quote tool opens for a user of `role`. */
export async function providerFor(db: ReferenceDb, role: Role): Promise<ProviderChoice> {
  const found = await db.client.execute(
    `SELECT ${PROVIDER_COLUMNS} FROM quote_tool_providers p WHERE p.enabled = 1 ORDER BY p.id`,
  );
  const enabled = found.rows.map((r) => providerFromRow(r));
  if (enabled.length === 0) return { kind: "disabled" };
  const provider = enabled.find((p) => role === "Admin" || p.roles.includes(role));
  return provider ? { kind: "open", provider } : { kind: "role" };
}
