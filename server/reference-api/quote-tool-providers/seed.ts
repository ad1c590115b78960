/**
 * The quote tool providers' seed (issue 22 §2.4): the provider the quote tool uses today (the demo provider the
 * reference API serves itself, ADR 021: its sign-on pages are paths on this service's own origin) and a second
 * one set up but not turned on.
 */
import type { InStatement } from "@libsql/client";
import type { Role } from "../../../app/domain/user.ts";
import type { SeedDates } from "../seed/seed-dates.ts";

export const DEMO_SIGN_ON_PATH = "/partners/sunfire/sign_on";
export const DEMO_TEST_SIGN_ON_PATH = "/partners/sunfire/test/sign_on";

export interface SeedProvider {
  id: number;
  name: string;
  signOnUrl: string;
  testSiteUrl: string | null;
  roles: Role[];
  enabled: boolean;
  secret: string | null;
}

export const SEED_PROVIDERS: readonly SeedProvider[] = [
  {
    id: 1,
    name: "Sunfire",
    signOnUrl: DEMO_SIGN_ON_PATH,
    testSiteUrl: DEMO_TEST_SIGN_ON_PATH,
    roles: ["Agent", "Agency"],
    enabled: true,
    secret: "demo-sunfire-client-secret",
  },
  {
    id: 2,
    name: "Connecture DRX",
    signOnUrl: "https://drx.example.com/sso/portal",
    testSiteUrl: "https://uat.drx.example.com/sso/portal",
    roles: ["Agent"],
    enabled: false,
    secret: null,
  },
];

export function quoteToolProviderSeedStatements(dates: SeedDates): InStatement[] {
  return SEED_PROVIDERS.map((p) => ({
    sql: `INSERT INTO quote_tool_providers (id, name, sign_on_url, test_site_url, roles, enabled, secret, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      p.id,
      p.name,
      p.signOnUrl,
      p.testSiteUrl,
      JSON.stringify(p.roles),
      p.enabled ? 1 : 0,
      p.secret,
      dates.daysAgo(90, "10:00"),
    ],
  }));
}
