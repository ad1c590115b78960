/**
 * The contracting seed (issue 3): products, carriers, carrier products and their resources, each account's
 * contracting entries, legal questions, agent@'s and onboarded@'s legal answers and the stored files.
 * Composed by seed/seed.ts; dates are relative to the seed day (seed/seed-dates.ts).
 */
import type { CarrierResource } from "../../../app/.server/upstream/schemas/contracting.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import type { InStatement } from "@libsql/client";

/* ---- Contracting (issue 3): products, carriers, carrier resources, contracting entries, legal questions ---- */

export interface SeedProduct {
  id: number;
  name: string;
  /** Display order: Medicare Advantage first (the default tab of Contract Now). */
  position: number;
}

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  { id: 1, name: "Medicare Advantage", position: 1 },
  { id: 2, name: "Medicare Supplement", position: 2 },
  { id: 3, name: "Prescription Drug Plans", position: 3 },
  { id: 4, name: "Dental, Vision & Hearing", position: 4 },
];

export interface SeedCarrier {
  id: number;
  name: string;
  /** Host name under example.com used for the carrier's links and e-mail. */
  domain: string;
}

export const SEED_CARRIERS: readonly SeedCarrier[] = [
  { id: 1, name: "Blue Harbor Health", domain: "blueharbor.example.com" },
  { id: 2, name: "Summit Mutual", domain: "summitmutual.example.com" },
  { id: 3, name: "Evergreen Life & Health", domain: "evergreen.example.com" },
  { id: 4, name: "Pioneer Benefits", domain: "pioneerbenefits.example.com" },
  { id: 5, name: "Keystone Senior Health", domain: "keystonesenior.example.com" },
  { id: 6, name: "Clearview Dental & Vision", domain: "clearview.example.com" },
  { id: 7, name: "Brightsmile Dental", domain: "brightsmile.example.com" },
];

/** Which carrier resource fields a carrier product's seed resource has (the rest are generated). */
export interface SeedCarrierProduct {
  /** The carrier product id (unique across products). */
  id: number;
  productId: number;
  carrierId: number;
  /**
   * The recertification date, in days from the seed day (negative: past), or null ('TBA');
   * future dates show 'OPENS <date>' (certificationDate()).
   */
  certificationInDays: number | null;
  /** null shows 'TBA'. */
  packageCode: string | null;
  /** Whether the optional tabs (Agent Guide, Certification, Technology) have content. */
  extraTabs: boolean;
  /** Whether commissionPayments has content. */
  commissionPayments: boolean;
}

/** About 2 months ahead: 'OPENS <date>'. */
export const FUTURE_CERTIFICATION_IN_DAYS = 60;
/** About 8 months ago: the plain date. */
export const PAST_CERTIFICATION_IN_DAYS = -240;
/** Pioneer Benefits' Medicare Advantage recertification opens a little after the others. */
const LATER_CERTIFICATION_IN_DAYS = 77;

/** The recertification date of the carrier products ~2 months ahead (Blue Harbor Health's Medicare Advantage 101 …). */
export const futureCertificationDate = (dates: SeedDates): string => dates.daysFromNow(FUTURE_CERTIFICATION_IN_DAYS);
/** The recertification date of the carrier products ~8 months ago (Summit Mutual's Medicare Advantage 102 …). */
export const pastCertificationDate = (dates: SeedDates): string => dates.daysFromNow(PAST_CERTIFICATION_IN_DAYS);

/** A carrier product's recertification date (YYYY-MM-DD) or null. */
export function certificationDate(cp: SeedCarrierProduct, dates: SeedDates): string | null {
  return cp.certificationInDays === null ? null : dates.daysFromNow(cp.certificationInDays);
}

export const SEED_CARRIER_PRODUCTS: readonly SeedCarrierProduct[] = [
  // Medicare Advantage
  {
    id: 101,
    productId: 1,
    carrierId: 1,
    certificationInDays: FUTURE_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-MA-2026-01",
    extraTabs: true,
    commissionPayments: true,
  },
  {
    id: 102,
    productId: 1,
    carrierId: 2,
    certificationInDays: PAST_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-MA-2026-02",
    extraTabs: false,
    commissionPayments: true,
  },
  {
    id: 103,
    productId: 1,
    carrierId: 3,
    certificationInDays: null,
    packageCode: null,
    extraTabs: true,
    commissionPayments: false,
  },
  {
    id: 104,
    productId: 1,
    carrierId: 4,
    certificationInDays: LATER_CERTIFICATION_IN_DAYS,
    packageCode: null,
    extraTabs: false,
    commissionPayments: false,
  },
  {
    id: 105,
    productId: 1,
    carrierId: 5,
    certificationInDays: null,
    packageCode: "PKG-MA-2026-05",
    extraTabs: true,
    commissionPayments: true,
  },
  // Medicare Supplement
  {
    id: 201,
    productId: 2,
    carrierId: 1,
    certificationInDays: PAST_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-MS-2026-01",
    extraTabs: true,
    commissionPayments: true,
  },
  {
    id: 202,
    productId: 2,
    carrierId: 2,
    certificationInDays: null,
    packageCode: null,
    extraTabs: false,
    commissionPayments: false,
  },
  {
    id: 203,
    productId: 2,
    carrierId: 3,
    certificationInDays: FUTURE_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-MS-2026-03",
    extraTabs: false,
    commissionPayments: true,
  },
  // Prescription Drug Plans
  {
    id: 301,
    productId: 3,
    carrierId: 1,
    certificationInDays: FUTURE_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-PDP-2026-01",
    extraTabs: true,
    commissionPayments: false,
  },
  {
    id: 302,
    productId: 3,
    carrierId: 4,
    certificationInDays: PAST_CERTIFICATION_IN_DAYS,
    packageCode: null,
    extraTabs: false,
    commissionPayments: true,
  },
  {
    id: 303,
    productId: 3,
    carrierId: 5,
    certificationInDays: null,
    packageCode: null,
    extraTabs: false,
    commissionPayments: false,
  },
  // Dental, Vision & Hearing (two of them the "new carriers" of system notification 3)
  {
    id: 401,
    productId: 4,
    carrierId: 4,
    certificationInDays: null,
    packageCode: "PKG-DVH-2026-01",
    extraTabs: false,
    commissionPayments: true,
  },
  {
    id: 402,
    productId: 4,
    carrierId: 6,
    certificationInDays: FUTURE_CERTIFICATION_IN_DAYS,
    packageCode: null,
    extraTabs: true,
    commissionPayments: false,
  },
  {
    id: 403,
    productId: 4,
    carrierId: 7,
    certificationInDays: PAST_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-DVH-2026-03",
    extraTabs: false,
    commissionPayments: false,
  },
];

/** The one carrier product whose resource's additionalInfo carries unsafe HTML (exercises the portal's sanitiser). */
export const UNSAFE_HTML_CARRIER_PRODUCT_ID = 104;
export const UNSAFE_ADDITIONAL_INFO =
  `<p>Bonus details</p><script>alert(1)</script><img src=x onerror="alert(2)">` +
  `<p><a href="javascript:alert(3)">Claim your bonus</a></p>`;

export type ContractStatus = "pending" | "denied" | "approved" | "active";

export interface SeedContractingEntry {
  id: number;
  userId: number;
  carrierProductId: number;
  status: ContractStatus;
  lastPublicNote: string | null;
  updatedAt: string;
}

export const DENIED_NOTE = "Your appointment was declined: the carrier requires an active AHIP certification for 2026.";

/**
 * agent@ (1): Medicare Advantage 101 active, 102 pending, 103 approved, 104 denied, 105 none; also
 * 201 active. docs@ (4): 101 and 201 active, none with the others. loa@, agency@, beta@: a few active.
 * onboarded@ (8): two pending. newagent@, onboarding@, admin, carrier, expired@: none.
 */
export const seedContractingEntries = (dates: SeedDates): SeedContractingEntry[] => [
  {
    id: 1,
    userId: 1,
    carrierProductId: 101,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(651, "15:20"),
  },
  {
    id: 2,
    userId: 1,
    carrierProductId: 102,
    status: "pending",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(25, "13:05"),
  },
  {
    id: 3,
    userId: 1,
    carrierProductId: 103,
    status: "approved",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(21, "17:45"),
  },
  {
    id: 4,
    userId: 1,
    carrierProductId: 104,
    status: "denied",
    lastPublicNote: DENIED_NOTE,
    updatedAt: dates.daysAgo(43, "09:30"),
  },
  {
    id: 5,
    userId: 1,
    carrierProductId: 201,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(616, "14:00"),
  },
  {
    id: 6,
    userId: 4,
    carrierProductId: 101,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(749, "16:10"),
  },
  {
    id: 7,
    userId: 4,
    carrierProductId: 201,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(749, "16:12"),
  },
  {
    id: 8,
    userId: 3,
    carrierProductId: 102,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(671, "10:00"),
  },
  {
    id: 9,
    userId: 3,
    carrierProductId: 301,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(671, "10:02"),
  },
  {
    id: 10,
    userId: 5,
    carrierProductId: 101,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(801, "12:00"),
  },
  {
    id: 11,
    userId: 5,
    carrierProductId: 102,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(801, "12:03"),
  },
  {
    id: 12,
    userId: 5,
    carrierProductId: 201,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(795, "08:40"),
  },
  {
    id: 13,
    userId: 5,
    carrierProductId: 401,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(456, "11:15"),
  },
  {
    id: 14,
    userId: 6,
    carrierProductId: 103,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(601, "15:30"),
  },
  {
    id: 15,
    userId: 6,
    carrierProductId: 202,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(601, "15:33"),
  },
  {
    id: 16,
    userId: 8,
    carrierProductId: 101,
    status: "pending",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(14, "09:00"),
  },
  {
    id: 17,
    userId: 8,
    carrierProductId: 202,
    status: "pending",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(14, "09:01"),
  },
];

export interface SeedLegalQuestion {
  id: number;
  questionText: string;
  /** The products that ask it. */
  productIds: readonly number[];
}

const ALL_PRODUCTS = [1, 2, 3, 4] as const;

export const SEED_LEGAL_QUESTIONS: readonly SeedLegalQuestion[] = [
  { id: 1, questionText: "Have you ever been convicted of a felony?", productIds: ALL_PRODUCTS },
  { id: 2, questionText: "Has any insurance license you held been suspended or revoked?", productIds: ALL_PRODUCTS },
  {
    id: 3,
    questionText: "Have you ever been named in a lawsuit related to insurance sales?",
    productIds: ALL_PRODUCTS,
  },
  { id: 4, questionText: "Do you have any outstanding debt to an insurance carrier?", productIds: ALL_PRODUCTS },
  {
    id: 5,
    questionText:
      "Has a state Department of Insurance ever received a complaint about your sale of Medicare Supplement policies?",
    productIds: [2],
  },
];

/** A tiny valid one-page PDF (correct xref offsets) showing one line of text. */
export function tinyPdf(text: string): Uint8Array<ArrayBuffer> {
  const safe = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

export interface SeedFile {
  id: number;
  userId: number;
  name: string;
  contentType: string;
  data: Uint8Array;
}

/** The seed files were stored about two years before the seed day (files.created_at). */
export const SEED_FILES_CREATED_DAYS_AGO = 678;

export const SEED_FILES: readonly SeedFile[] = [
  {
    id: 1,
    userId: 1,
    name: "ga-license-reinstatement.pdf",
    contentType: "application/pdf",
    data: tinyPdf("Georgia Department of Insurance - license reinstatement notice"),
  },
  // onboarded@'s onboarding documents (SEED_ONBOARDING_DOCUMENTS).
  {
    id: 2,
    userId: 8,
    name: "w9-rossi-insurance-group.pdf",
    contentType: "application/pdf",
    data: tinyPdf("Form W-9 - Rossi Insurance Group LLC"),
  },
  {
    id: 3,
    userId: 8,
    name: "eo-certificate-2026.pdf",
    contentType: "application/pdf",
    data: tinyPdf("Errors & Omissions certificate of insurance - Rossi Insurance Group LLC - 2026"),
  },
];

export interface SeedLegalAnswer {
  id: number;
  userId: number;
  legalQuestionId: number;
  hasOccurred: boolean;
  actionOn: string | null;
  action: string | null;
  reason: string | null;
  explanation: string | null;
  fileId: number | null;
}

function no(id: number, userId: number, legalQuestionId: number): SeedLegalAnswer {
  return {
    id,
    userId,
    legalQuestionId,
    hasOccurred: false,
    actionOn: null,
    action: null,
    reason: null,
    explanation: null,
    fileId: null,
  };
}

/**
 * agent@ answered the four common questions: all No except question 2 (with a stored PDF).
 * onboarded@ answered them all No (its onboarding's legal step is complete).
 */
export const SEED_LEGAL_ANSWERS: readonly SeedLegalAnswer[] = [
  no(1, 1, 1),
  {
    id: 2,
    userId: 1,
    legalQuestionId: 2,
    hasOccurred: true,
    actionOn: "2019-04-12",
    action: "License suspended for 30 days",
    reason: "Late continuing-education filing",
    explanation:
      "My Georgia license was suspended for 30 days in 2019 because my continuing-education credits were filed late. It was reinstated as soon as the credits were filed; the reinstatement notice is attached.",
    fileId: 1,
  },
  no(3, 1, 3),
  no(4, 1, 4),
  no(5, 8, 1),
  no(6, 8, 2),
  no(7, 8, 3),
  no(8, 8, 4),
];

const PRODUCT_DETAILS: Record<number, { short: string; supplies: string; commission: string }> = {
  1: {
    short: "Medicare Advantage (Part C) HMO and PPO plans",
    supplies: "enrollment kits, Summary of Benefits booklets and provider directories",
    commission: "the CMS maximum: $626 initial / $313 renewal per enrollment (most states)",
  },
  2: {
    short: "Medicare Supplement Plans G, N and High-Deductible G",
    supplies: "outline-of-coverage booklets, rate sheets and paper applications",
    commission: "22% of first-year premium, 10% renewal for years 2-6",
  },
  3: {
    short: "stand-alone Prescription Drug Plans (Part D)",
    supplies: "formulary guides, pharmacy directories and enrollment forms",
    commission: "$100 initial / $50 renewal per enrollment",
  },
  4: {
    short: "individual dental, vision and hearing plans",
    supplies: "plan brochures, network flyers and enrollment forms",
    commission: "20% of premium, paid monthly as earned",
  },
};

/** The seed carrier resource of one carrier product (db.ts numbers them 1..n in SEED_CARRIER_PRODUCTS order). */
export function seedCarrierResource(cp: SeedCarrierProduct, id: number, dates: SeedDates): CarrierResource {
  const carrier = SEED_CARRIERS.find((c) => c.id === cp.carrierId)!;
  const product = SEED_PRODUCTS.find((p) => p.id === cp.productId)!;
  const details = PRODUCT_DETAILS[cp.productId]!;
  const portal = `https://portal.${carrier.domain}`;
  const phoneSuffix = String((cp.id % 100) + (cp.productId - 1) * 10).padStart(2, "0");
  return {
    id,
    carrierProductId: cp.id,
    description:
      `<p><strong>${escapeHtml(carrier.name)}</strong> offers ${details.short} for the ${escapeHtml(product.name)} market.</p>` +
      `<ul><li>Ready-to-sell in most states after appointment</li><li>Dedicated broker services team</li><li>Online enrollment through the carrier portal</li></ul>`,
    agentGuide: cp.extraTabs
      ? `<p>Download the <a href="${portal}/guides/${cp.id}.pdf">${escapeHtml(carrier.name)} ${escapeHtml(product.name)} agent guide</a> for plan rules, enrollment periods and compliance reminders.</p>`
      : null,
    certification: cp.extraTabs
      ? `<p>Complete the annual product certification and AHIP before selling. Certification is done in the carrier portal; allow 2 business days for your certification to show as complete.</p>`
      : null,
    commissions: `<p>Commissions follow ${details.commission}.</p><p>Chargebacks apply when a member disenrolls within the first 3 months.</p>`,
    transferPolicy:
      `<p>${escapeHtml(carrier.name)} accepts book transfers with a signed release from the current upline. ` +
      `Transfers are processed within 30 days; existing members stay with the writing agent.</p>`,
    technology: cp.extraTabs
      ? `<p>Quote and enroll with the carrier's mobile app or the <a href="${portal}/enroll">online enrollment tool</a>. Electronic signatures are accepted.</p>`
      : null,
    brokerServicesNumber: `(800) 555-01${phoneSuffix}`,
    brokerSupportedEmail: `brokers@${carrier.domain}`,
    carrierPortalLink: portal,
    certificationLink: `${portal}/certification`,
    certificationDate: certificationDate(cp, dates),
    packageCode: cp.packageCode,
    commissionPayments: cp.commissionPayments
      ? `<p>Commissions are paid twice a month by direct deposit; statements are available in the carrier portal.</p>`
      : null,
    orderingSupplies: `<p>Order ${details.supplies} from the <a href="${portal}/supplies">supplies page</a>. Orders ship in 3-5 business days.</p>`,
    additionalInfo:
      cp.id === UNSAFE_HTML_CARRIER_PRODUCT_ID
        ? UNSAFE_ADDITIONAL_INFO
        : `<p>Questions about ${escapeHtml(product.name)} with ${escapeHtml(carrier.name)}? Call broker services or e-mail <a href="mailto:brokers@${carrier.domain}">brokers@${carrier.domain}</a>.</p>`,
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Products, carriers, carrier products and their resources, legal questions, stored files, legal answers. */
export function contractingSeedStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  for (const p of SEED_PRODUCTS) {
    statements.push({
      sql: "INSERT INTO products (id, name, position) VALUES (?, ?, ?)",
      args: [p.id, p.name, p.position],
    });
  }
  for (const c of SEED_CARRIERS) {
    statements.push({ sql: "INSERT INTO carriers (id, name) VALUES (?, ?)", args: [c.id, c.name] });
  }
  SEED_CARRIER_PRODUCTS.forEach((cp, index) => {
    statements.push({
      sql: "INSERT INTO carrier_products (id, carrier_id, product_id) VALUES (?, ?, ?)",
      args: [cp.id, cp.carrierId, cp.productId],
    });
    const resource = seedCarrierResource(cp, index + 1, dates);
    statements.push({
      sql: "INSERT INTO carrier_resources (id, carrier_product_id, data) VALUES (?, ?, ?)",
      args: [resource.id, cp.id, JSON.stringify(resource)],
    });
  });
  for (const q of SEED_LEGAL_QUESTIONS) {
    statements.push({
      sql: "INSERT INTO legal_questions (id, question_text) VALUES (?, ?)",
      args: [q.id, q.questionText],
    });
    for (const productId of q.productIds) {
      statements.push({
        sql: "INSERT INTO product_legal_questions (product_id, legal_question_id, position) VALUES (?, ?, ?)",
        args: [productId, q.id, q.id],
      });
    }
  }
  const filesCreatedAt = dates.daysAgo(SEED_FILES_CREATED_DAYS_AGO);
  for (const f of SEED_FILES) {
    statements.push({
      sql: "INSERT INTO files (id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      args: [f.id, f.userId, f.name, f.contentType, f.data.byteLength, f.data, filesCreatedAt],
    });
  }
  for (const a of SEED_LEGAL_ANSWERS) {
    statements.push({
      sql: `INSERT INTO legal_answers (id, user_id, legal_question_id, has_occurred, action_on, action, reason, explanation, file_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        a.id,
        a.userId,
        a.legalQuestionId,
        a.hasOccurred ? 1 : 0,
        a.actionOn,
        a.action,
        a.reason,
        a.explanation,
        a.fileId,
      ],
    });
  }
  return statements;
}
