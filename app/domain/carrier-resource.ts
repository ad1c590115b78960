import dayjs from "dayjs";

/** The nullable HTML/text fields of the upstream carrier resource (spec §3) that the learning-center tabs use. */
export interface ResourceFields {
  description: string | null;
  agentGuide: string | null;
  certification: string | null;
  commissions: string | null;
  transferPolicy: string | null;
  technology: string | null;
  brokerServicesNumber: string | null;
  brokerSupportedEmail: string | null;
  commissionPayments: string | null;
  orderingSupplies: string | null;
  additionalInfo: string | null;
}

export const TBA = "TBA";
/** What follows a recertification date that has passed. */
export const RECERTIFICATION_PASSED = "(passed)";
export const NOT_PROVIDED_HTML = "<p>Not provided</p>";

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Spec §2: a recertification date shows 'OPENS' with the date if in the future, or 'TBA' if missing.
 * Today shows the plain date; a past one says it has passed, "03/31/2026 (passed)" (issue 20: it read as if
 * current). Dates are compared by calendar day (local time of `today`).
 */
export function recertificationLabel(certificationDate: string | null, today: Date): string {
  if (!certificationDate || !certificationDate.trim()) return TBA;
  const match = ISO_DAY.exec(certificationDate.trim());
  if (!match) return TBA;
  const [, y, m, d] = match;
  const date = dayjs(`${y}-${m}-${d}`);
  // dayjs rolls 2024-02-30 over to March: reject dates that don't round-trip.
  if (!date.isValid() || date.format("YYYY-MM-DD") !== `${y}-${m}-${d}`) return TBA;
  const label = date.format("MM/DD/YYYY");
  if (date.isAfter(dayjs(today), "day")) return `OPENS ${label}`;
  return date.isBefore(dayjs(today), "day") ? `${label} ${RECERTIFICATION_PASSED}` : label;
}

/** Spec §2: the package code shows 'TBA' if missing (blank counts as missing). */
export function packageCodeLabel(code: string | null): string {
  return code && code.trim() ? code.trim() : TBA;
}

/** Plain text → HTML-safe text (also safe inside double- or single-quoted attributes). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * What the portal shows of a carrier product's resource (spec §3), wherever it shows it: the Contract Now dialog's
 * carrier card and the Learning Center's carrier page (one component, CarrierResourceDetails). HTML sanitised on
 * the server; links http(s) only.
 */
export interface CarrierResourceView {
  descriptionHtml: string | null;
  recertification: string;
  packageCode: string;
  carrierPortalLink: string | null;
  certificationLink: string | null;
  /** The broker services number as written, and its tel: target (null when it has no digits). */
  brokerPhone: { text: string; href: string | null } | null;
  brokerEmail: string | null;
  tabs: ResourceTab[];
}

export interface ResourceTab {
  key: string;
  label: string;
  html: string;
}

function present(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The `tel:` target of a broker services number as the upstream writes it ("(800) 555-0101",
 * "1-800-555-0101 ext. 4"): its digits, a US number of ten digits prefixed with +1; null without digits.
 */
export function telHref(number: string): string | null {
  const [main = "", extension] = number.split(/\s*(?:ext\.?|x|#)\s*/i);
  const plus = main.trim().startsWith("+");
  const digits = main.replace(/\D/g, "");
  if (digits.length < 3) return null;
  const international = plus ? `+${digits}` : digits.length === 10 ? `+1${digits}` : digits;
  const ext = extension?.replace(/\D/g, "");
  return `tel:${international}${ext ? `;ext=${ext}` : ""}`;
}

function brokerSupportHtml(resource: ResourceFields): string {
  const parts: string[] = [];
  if (present(resource.brokerServicesNumber)) {
    const number = escapeHtml(resource.brokerServicesNumber.trim());
    const tel = telHref(resource.brokerServicesNumber);
    parts.push(tel ? `<p>Phone: <a href="${escapeHtml(tel)}">${number}</a></p>` : `<p>Phone: ${number}</p>`);
  }
  if (present(resource.brokerSupportedEmail)) {
    const email = escapeHtml(resource.brokerSupportedEmail.trim());
    parts.push(`<p>E-mail: <a href="mailto:${email}">${email}</a></p>`);
  }
  return parts.length > 0 ? parts.join("") : NOT_PROVIDED_HTML;
}

/** Joins the present HTML fragments; `<p>Not provided</p>` when none is present. */
function htmlOf(...fragments: Array<string | null>): string {
  const list = fragments.filter(present);
  return list.length > 0 ? list.join("") : NOT_PROVIDED_HTML;
}

/**
 * Spec §2: the learning-center tabs are Broker Support, Commissions, Ordering Supplies, Transfer Policy
 * and Additional Info (always shown); other tab names are Agent Guide, Certification and Technology
 * (shown only where the resource has them). HTML fields are passed through as upstream HTML; the
 * broker phone and e-mail are plain text and are escaped.
 */
export function learningCenterTabs(resource: ResourceFields): ResourceTab[] {
  const tabs: ResourceTab[] = [
    { key: "brokerSupport", label: "Broker Support", html: brokerSupportHtml(resource) },
    { key: "commissions", label: "Commissions", html: htmlOf(resource.commissions, resource.commissionPayments) },
    { key: "orderingSupplies", label: "Ordering Supplies", html: htmlOf(resource.orderingSupplies) },
    { key: "transferPolicy", label: "Transfer Policy", html: htmlOf(resource.transferPolicy) },
    { key: "additionalInfo", label: "Additional Info", html: htmlOf(resource.additionalInfo) },
  ];
  const optional: Array<[key: "agentGuide" | "certification" | "technology", label: string]> = [
    ["agentGuide", "Agent Guide"],
    ["certification", "Certification"],
    ["technology", "Technology"],
  ];
  for (const [key, label] of optional) {
    const html = resource[key];
    if (present(html)) tabs.push({ key, label, html });
  }
  return tabs;
}
