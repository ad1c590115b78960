/**
 * The quote tool providers section's records (issue 22 §2.4): the quote and enrollment tools behind /quote_tool
 * (spec §7 GET /partners/sunfire). Pure types; the upstream contract (contract.server.ts) satisfies them. The
 * provider's secret is write-only: a record only says whether one is set.
 */
import type { Role } from "../../../domain/user";

export interface AdminQuoteToolProvider {
  id: number;
  name: string;
  /** The sign-on address the quote tool opens (an https URL, or a path on the upstream's own origin). */
  signOnUrl: string;
  /** The test site's sign-on address (`/quote_tool?site=test`); null: no test site. */
  testSiteUrl: string | null;
  /** The roles whose users may open it (administrators always may, to check it). */
  roles: Role[];
  enabled: boolean;
  /** A sign-on secret is set (the secret itself never leaves the upstream). */
  hasSecret: boolean;
  updatedAt: string;
}

/** An address the quote tool may open: an http(s) URL without credentials, or a path on the upstream's origin. */
export function isProviderAddress(value: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
  } catch {
    return false;
  }
}
