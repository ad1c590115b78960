/**
 * The Learning Center's resources agents do not see yet (issue 22 §2.2): drafts an editor is writing and
 * resources scheduled for a later day, beside the 42 published ones of seed-learning-center.ts (whose publish date
 * is the day they were last updated). Shared reference data, restored by reset().
 */
import type { InStatement } from "@libsql/client";
import type { LearningLibrary } from "../../../app/domain/learning-center.ts";
import type { SeedDates } from "../seed/seed-dates.ts";

export interface SeedUnpublishedResource {
  id: number;
  library: LearningLibrary;
  title: string;
  category: string;
  carrierId: number | null;
  productId: number | null;
  description: string;
  body: string;
  audience: "all" | "agencies";
  /** null: a draft; else published `publishInDays` after the seed day (scheduled). */
  publishInDays: number | null;
  daysAgo: number;
}

export const SEED_UNPUBLISHED_RESOURCES: readonly SeedUnpublishedResource[] = [
  {
    id: 101,
    library: "agent",
    title: "Annual Enrollment Period selling checklist",
    category: "Guides",
    carrierId: null,
    productId: 1,
    description:
      "What to have ready before October 15: scope of appointment, plan comparisons and your ready-to-sell list.",
    body: "<p>Work through this checklist before the Annual Enrollment Period opens.</p><ul><li>Scope of appointment forms signed 48 hours ahead</li><li>Plan comparisons printed for each client</li><li>Ready-to-sell status confirmed with every carrier</li></ul>",
    audience: "all",
    publishInDays: 12,
    daysAgo: 1,
  },
  {
    id: 102,
    library: "agent",
    title: "Summit Mutual agency override schedule",
    category: "Commissions",
    carrierId: 2,
    productId: 1,
    description: "Next year's override levels for agencies writing Summit Mutual Medicare Advantage.",
    body: "<p>Override levels by agency tier for the coming plan year.</p><table><thead><tr><th>Tier</th><th>Override</th></tr></thead><tbody><tr><td>Gold</td><td>$75</td></tr><tr><td>Silver</td><td>$50</td></tr></tbody></table>",
    audience: "agencies",
    publishInDays: 20,
    daysAgo: 2,
  },
  {
    id: 103,
    library: "documentation",
    title: "Medicare Supplement underwriting guide (draft)",
    category: "Underwriting",
    carrierId: 3,
    productId: 2,
    description: "Knock-out questions and build chart for Evergreen Life & Health Medicare Supplement applications.",
    body: "<p>Draft: waiting for the carrier's final build chart.</p>",
    audience: "all",
    publishInDays: null,
    daysAgo: 3,
  },
  {
    id: 104,
    library: "documentation",
    title: "Call recording requirements",
    category: "Compliance",
    carrierId: null,
    productId: null,
    description: "Which calls must be recorded, how long recordings are kept and how to hand them over on request.",
    body: "<p>CMS requires recording every marketing, sales and enrollment call, kept for ten years.</p>",
    audience: "all",
    publishInDays: null,
    daysAgo: 5,
  },
  {
    id: 105,
    library: "enrollment",
    title: "Blue Harbor Health online application walkthrough",
    category: "How-to",
    carrierId: 1,
    productId: 1,
    description: "Step by step through Blue Harbor Health's new online application, with the screens agents will see.",
    body: "<p>The new online application opens with the plan year. Each step is shown with its screen.</p>",
    audience: "all",
    publishInDays: 30,
    daysAgo: 4,
  },
  {
    id: 106,
    library: "enrollment",
    title: "Agency bulk enrollment upload template",
    category: "Forms",
    carrierId: null,
    productId: null,
    description: "The spreadsheet template for agencies submitting many paper applications at once.",
    body: "<p>Fill one row per application; the columns are explained in the first sheet.</p>",
    audience: "agencies",
    publishInDays: null,
    daysAgo: 6,
  },
];

export function unpublishedResourceStatements(dates: SeedDates): InStatement[] {
  return SEED_UNPUBLISHED_RESOURCES.map((r) => ({
    sql: `INSERT INTO learning_resources (id, library, title, category, carrier_id, product_id, description, body,
            audience, links, updated_at, status, publish_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?, ?)`,
    args: [
      r.id,
      r.library,
      r.title,
      r.category,
      r.carrierId,
      r.productId,
      r.description,
      r.body,
      r.audience,
      dates.daysAgo(r.daysAgo, "09:00"),
      r.publishInDays == null ? "draft" : "published",
      r.publishInDays == null ? null : dates.daysFromNow(r.publishInDays),
    ],
  }));
}
