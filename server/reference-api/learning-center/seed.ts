/**
 * The Learning Center's seed (issue 12): 14 resources in each of the three libraries, across three carriers
 * (Blue Harbor Health, Summit Mutual, Evergreen Life & Health) and two products (Medicare Advantage, Medicare
 * Supplement), a few for every carrier; some with attachments (PDFs and a PNG), some with external links; two
 * for agencies only; one whose body carries unsafe HTML the portal must render inert. Shared reference data,
 * the same for every caller (no user's data): restored by reset(), untouched by the per-user reset.
 * Dates are relative to the seed day (updated_at: `daysAgo` days before it).
 */
import type { InStatement } from "@libsql/client";
import type { LearningLibrary } from "../../../app/domain/learning-center.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import { SEED_CARRIERS, SEED_PRODUCTS, tinyPdf } from "../contracting/seed.ts";
import { unpublishedResourceStatements } from "../learning_center_resources/seed.ts";

export type LearningAudience = "all" | "agencies";

export interface SeedLearningAttachment {
  id: number;
  name: string;
  contentType: string;
  data: Uint8Array;
}

export interface SeedLearningResource {
  id: number;
  library: LearningLibrary;
  title: string;
  category: string;
  carrierId: number | null;
  productId: number | null;
  description: string;
  body: string;
  audience: LearningAudience;
  links: Array<{ title: string; url: string }>;
  attachments: SeedLearningAttachment[];
  daysAgo: number;
}

/** The resource whose body carries a script, an event handler and a javascript: link (the portal sanitises). */
export const UNSAFE_LEARNING_RESOURCE_ID = 5;
export const UNSAFE_LEARNING_BODY =
  `<p>Earn a bonus on every Medicare Advantage enrollment this season.</p><script>window.__unsafe = 1; alert(1)</script>` +
  `<img src="x" onerror="window.__unsafe = 2">` +
  `<p onclick="window.__unsafe = 3"><a href="javascript:window.__unsafe = 4">Claim your bonus</a></p>` +
  `<iframe src="https://evil.example.com"></iframe><style>body { display: none }</style>`;

/** Resources for agencies only: an agent (and the upstream's lists for an agent) never sees them. */
export const AGENCY_ONLY_RESOURCE_IDS = [9, 26] as const;

/** A 1×1 transparent PNG. */
const TINY_PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);

const BH = 1; // Blue Harbor Health
const SM = 2; // Summit Mutual
const EV = 3; // Evergreen Life & Health
const MA = 1; // Medicare Advantage
const MS = 2; // Medicare Supplement

type Row = [
  title: string,
  category: string,
  carrierId: number | null,
  productId: number | null,
  description: string,
  extra?: { audience?: LearningAudience; pdf?: string; png?: string; link?: [string, string]; body?: string },
];

const AGENT: Row[] = [
  [
    "Blue Harbor Health Medicare Advantage agent guide",
    "Guides",
    BH,
    MA,
    "Plan rules, service areas and compliance reminders for selling Blue Harbor Health's Medicare Advantage plans.",
    {
      pdf: "blue-harbor-ma-agent-guide.pdf",
      link: ["Blue Harbor Health broker portal", "https://portal.blueharbor.example.com"],
    },
  ],
  [
    "Blue Harbor Health Medicare Supplement rate sheet",
    "Rates",
    BH,
    MS,
    "This year's Medicare Supplement premiums by plan letter, age band and area.",
    { pdf: "blue-harbor-ms-rates.pdf" },
  ],
  [
    "Summit Mutual Medicare Advantage product training",
    "Training",
    SM,
    MA,
    "The recorded product training for Summit Mutual's HMO and PPO plans, with the quiz that completes it.",
    { link: ["Summit Mutual training site", "https://learn.summitmutual.example.com/ma"] },
  ],
  [
    "Summit Mutual Medicare Supplement underwriting guide",
    "Guides",
    SM,
    MS,
    "Health questions, knock-out conditions and the household discount for Summit Mutual Medicare Supplement.",
    { pdf: "summit-ms-underwriting.pdf" },
  ],
  [
    "Summit Mutual broker bonus program",
    "Marketing",
    SM,
    MA,
    "How the seasonal enrollment bonus works and how to claim it.",
    { body: UNSAFE_LEARNING_BODY },
  ],
  [
    "Evergreen Life & Health Medicare Advantage agent guide",
    "Guides",
    EV,
    MA,
    "Evergreen's plan lineup, networks and the rules for scope of appointment.",
    { pdf: "evergreen-ma-agent-guide.pdf" },
  ],
  [
    "Evergreen Life & Health Medicare Supplement sales brochure",
    "Marketing",
    EV,
    MS,
    "The approved consumer brochure for Evergreen Medicare Supplement plans F, G and N.",
    { png: "evergreen-ms-brochure-cover.png" },
  ],
  [
    "Selling Medicare Advantage: the basics",
    "Training",
    null,
    MA,
    "Eligibility, election periods and plan types for agents new to Medicare Advantage.",
  ],
  [
    "Agency override commission schedule",
    "Commissions",
    null,
    null,
    "Override percentages paid to agencies on their downline's business, by carrier.",
    { audience: "agencies", pdf: "agency-override-schedule.pdf" },
  ],
  [
    "Blue Harbor Health marketing kit",
    "Marketing",
    BH,
    MA,
    "Approved flyers, postcards and social posts, with the rules for co-branding.",
    {
      png: "blue-harbor-flyer.png",
      link: ["Order printed material", "https://portal.blueharbor.example.com/supplies"],
    },
  ],
  [
    "Summit Mutual commission schedule",
    "Commissions",
    SM,
    MS,
    "First-year and renewal commission for Summit Mutual Medicare Supplement plans.",
    { pdf: "summit-ms-commissions.pdf" },
  ],
  [
    "Evergreen Life & Health product training",
    "Training",
    EV,
    MA,
    "Evergreen's annual product training; required before your first sale each year.",
    { link: ["Evergreen learning portal", "https://learn.evergreen.example.com"] },
  ],
  [
    "Handling objections on Medicare Supplement",
    "Training",
    null,
    MS,
    "Answers to the questions members ask most when comparing supplement plans.",
  ],
  [
    "Blue Harbor Health Medicare Supplement agent guide",
    "Guides",
    BH,
    MS,
    "Plan letters, rate increases and the enrollment rules for Blue Harbor Health Medicare Supplement.",
  ],
];

const DOCUMENTATION: Row[] = [
  [
    "Blue Harbor Health Medicare Advantage evidence of coverage",
    "Plan documents",
    BH,
    MA,
    "The evidence of coverage for each Blue Harbor Health Medicare Advantage plan.",
    { pdf: "blue-harbor-ma-eoc.pdf" },
  ],
  [
    "Blue Harbor Health Medicare Supplement outline of coverage",
    "Plan documents",
    BH,
    MS,
    "The outline of coverage of Blue Harbor Health Medicare Supplement plans.",
    { pdf: "blue-harbor-ms-outline.pdf" },
  ],
  [
    "Summit Mutual Medicare Advantage summary of benefits",
    "Plan documents",
    SM,
    MA,
    "Copays, deductibles and maximum out-of-pocket of Summit Mutual's plans.",
    { pdf: "summit-ma-summary-of-benefits.pdf" },
  ],
  [
    "Summit Mutual Medicare Supplement replacement form",
    "Forms",
    SM,
    MS,
    "The notice required when a Medicare Supplement policy replaces another.",
    { pdf: "summit-ms-replacement-notice.pdf" },
  ],
  [
    "Evergreen Life & Health provider directory",
    "Plan documents",
    EV,
    MA,
    "How to search Evergreen's networks, and the printed directory by county.",
    { link: ["Evergreen provider search", "https://providers.evergreen.example.com"] },
  ],
  [
    "Evergreen Life & Health Medicare Supplement outline of coverage",
    "Plan documents",
    EV,
    MS,
    "The outline of coverage of Evergreen Medicare Supplement plans.",
    { pdf: "evergreen-ms-outline.pdf" },
  ],
  [
    "CMS marketing guidelines summary",
    "Compliance",
    null,
    MA,
    "What you may and may not say and show when marketing Medicare Advantage plans.",
    {
      link: [
        "CMS Medicare marketing guidelines",
        "https://www.cms.gov/medicare/health-drug-plans/managed-care-marketing",
      ],
    },
  ],
  [
    "Scope of appointment form",
    "Forms",
    null,
    MA,
    "The form a member signs before a Medicare Advantage sales appointment.",
    { pdf: "scope-of-appointment.pdf" },
  ],
  [
    "Medicare Supplement state variations",
    "Compliance",
    null,
    MS,
    "Where plan rules differ by state: birthday rules, guaranteed issue and standardized plans.",
  ],
  ["Summit Mutual privacy notice", "Compliance", SM, null, "Summit Mutual's privacy notice, to give each applicant."],
  [
    "Blue Harbor Health claims address list",
    "Contacts",
    BH,
    null,
    "Where members and providers send claims, by plan type.",
  ],
  [
    "Agency hierarchy change form",
    "Forms",
    null,
    null,
    "The form to move agents between agencies of your downline.",
    { audience: "agencies", pdf: "agency-hierarchy-change.pdf" },
  ],
  [
    "Evergreen Life & Health formulary",
    "Plan documents",
    EV,
    MA,
    "The drugs each Evergreen Medicare Advantage plan covers, and their tiers.",
    { link: ["Evergreen formulary search", "https://formulary.evergreen.example.com"] },
  ],
  [
    "Summit Mutual Medicare Advantage evidence of coverage",
    "Plan documents",
    SM,
    MA,
    "The evidence of coverage for each Summit Mutual Medicare Advantage plan.",
    { pdf: "summit-ma-eoc.pdf" },
  ],
];

const ENROLLMENT: Row[] = [
  [
    "Blue Harbor Health Medicare Advantage enrollment checklist",
    "Checklists",
    BH,
    MA,
    "What to collect before you enroll a member in a Blue Harbor Health plan.",
    { pdf: "blue-harbor-ma-enrollment-checklist.pdf" },
  ],
  [
    "Blue Harbor Health online enrollment",
    "How to enroll",
    BH,
    MA,
    "Enroll members in the Blue Harbor Health portal; applications are confirmed in two days.",
    { link: ["Blue Harbor Health online enrollment", "https://portal.blueharbor.example.com/enroll"] },
  ],
  [
    "Blue Harbor Health Medicare Supplement application",
    "Applications",
    BH,
    MS,
    "The paper application for Blue Harbor Health Medicare Supplement, with its instructions.",
    { pdf: "blue-harbor-ms-application.pdf" },
  ],
  [
    "Summit Mutual Medicare Advantage enrollment form",
    "Applications",
    SM,
    MA,
    "The individual enrollment form for Summit Mutual's plans.",
    { pdf: "summit-ma-enrollment-form.pdf" },
  ],
  [
    "Summit Mutual Medicare Supplement e-application",
    "How to enroll",
    SM,
    MS,
    "How to start, sign and submit a Summit Mutual e-application.",
    { link: ["Summit Mutual e-application", "https://apply.summitmutual.example.com"] },
  ],
  [
    "Evergreen Life & Health enrollment checklist",
    "Checklists",
    EV,
    MA,
    "Documents and member details Evergreen needs with each enrollment.",
    { pdf: "evergreen-enrollment-checklist.pdf" },
  ],
  [
    "Evergreen Life & Health Medicare Supplement application",
    "Applications",
    EV,
    MS,
    "The Evergreen Medicare Supplement application and its household discount form.",
    { pdf: "evergreen-ms-application.pdf" },
  ],
  [
    "Election periods at a glance",
    "Rules",
    null,
    MA,
    "AEP, OEP and the special election periods, with the dates for this year.",
  ],
  [
    "Medicare Supplement open enrollment and guaranteed issue",
    "Rules",
    null,
    MS,
    "When a member can buy a supplement without health questions.",
  ],
  [
    "Telephonic enrollment script",
    "How to enroll",
    null,
    MA,
    "The approved script for enrolling a member by phone, with the recording rules.",
    { pdf: "telephonic-enrollment-script.pdf" },
  ],
  [
    "Summit Mutual enrollment status lookup",
    "How to enroll",
    SM,
    MA,
    "Follow an application from submission to confirmation in the Summit Mutual portal.",
  ],
  [
    "Blue Harbor Health enrollment deadline calendar",
    "Rules",
    BH,
    MA,
    "The last days to submit applications for each effective date.",
    { png: "blue-harbor-deadlines.png" },
  ],
  [
    "Evergreen Life & Health e-signature guide",
    "How to enroll",
    EV,
    MS,
    "How members sign Evergreen applications by e-mail or text message.",
  ],
  [
    "Submitting an enrollment you started on paper",
    "How to enroll",
    null,
    null,
    "How to key a paper application into the carrier's portal without losing the signature date.",
  ],
];

const LIBRARY_ROWS: ReadonlyArray<readonly [LearningLibrary, Row[]]> = [
  ["agent", AGENT],
  ["documentation", DOCUMENTATION],
  ["enrollment", ENROLLMENT],
];

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function bodyOf(title: string, category: string, carrier: string | null, product: string | null): string {
  const who = carrier ? `${escapeHtml(carrier)}` : "every carrier";
  const what = product ? escapeHtml(product) : "every product";
  return (
    `<p>Part of the ${escapeHtml(category.toLowerCase())} material of the Learning Center, kept up to date by the carrier.</p>` +
    `<h3>What it covers</h3><ul><li>Applies to ${who}, ${what}.</li>` +
    `<li>Read it before your next appointment; it replaces earlier versions.</li>` +
    `<li>Questions go to broker services, or to your upline.</li></ul>` +
    `<p>Keep a copy of <strong>${escapeHtml(title)}</strong> with your compliance records.</p>`
  );
}

/** The seed resources, ids 1..42 in library order, attachments 1..n. */
export function seedLearningResources(): SeedLearningResource[] {
  const resources: SeedLearningResource[] = [];
  let id = 0;
  let attachmentId = 0;
  for (const [library, rows] of LIBRARY_ROWS) {
    rows.forEach(([title, category, carrierId, productId, description, extra = {}], index) => {
      id += 1;
      const carrier = SEED_CARRIERS.find((c) => c.id === carrierId)?.name ?? null;
      const product = SEED_PRODUCTS.find((p) => p.id === productId)?.name ?? null;
      const attachments: SeedLearningAttachment[] = [];
      if (extra.pdf) {
        attachments.push({
          id: ++attachmentId,
          name: extra.pdf,
          contentType: "application/pdf",
          data: tinyPdf(title),
        });
      }
      if (extra.png) {
        attachments.push({ id: ++attachmentId, name: extra.png, contentType: "image/png", data: TINY_PNG });
      }
      resources.push({
        id,
        library,
        title,
        category,
        carrierId,
        productId,
        description,
        body: extra.body ?? bodyOf(title, category, carrier, product),
        audience: extra.audience ?? "all",
        links: extra.link ? [{ title: extra.link[0], url: extra.link[1] }] : [],
        attachments,
        // Spread over the last months, each library's first resources the most recent.
        daysAgo: 2 + index * 9 + (library === "documentation" ? 3 : library === "enrollment" ? 5 : 0),
      });
    });
  }
  return resources;
}

export function learningCenterSeedStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  for (const r of seedLearningResources()) {
    statements.push({
      sql: `INSERT INTO learning_resources (id, library, title, category, carrier_id, product_id, description, body, audience, links, updated_at, publish_on)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
        JSON.stringify(r.links),
        dates.daysAgo(r.daysAgo, "14:30"),
        dates.daysFromNow(-r.daysAgo),
      ],
    });
    for (const a of r.attachments) {
      statements.push({
        sql: `INSERT INTO learning_attachments (id, resource_id, name, content_type, size, data) VALUES (?, ?, ?, ?, ?, ?)`,
        args: [a.id, r.id, a.name, a.contentType, a.data.byteLength, a.data],
      });
    }
  }
  // Drafts and scheduled resources (issue 22): agents do not see them yet.
  statements.push(...unpublishedResourceStatements(dates));
  return statements;
}
