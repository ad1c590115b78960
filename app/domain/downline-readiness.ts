/**
 * Downline readiness, for an agency (issue 25 §2): "For the agency's whole hierarchy: who can sell what this plan year
 * and next, who is blocked and by which step, licences and E&O certificates expiring in the warning window, contract
 * requests waiting and for how long, agents with nothing written in 90 days. Filters by sub-agency, carrier, step;
 * sorted by what needs action first; CSV export; 'Send a reminder' to one agent or all agents blocked at one step
 * (through the e-mail communications, with the count confirmed first)."
 *
 * Pure: each broker's lines are §1's rule (readiness.ts readinessOf) on that broker's facts; this module decides what
 * the agency sees of them. ADR 038.
 */
import { type ComplianceDocumentKind, documentStatus } from "./compliance-documents";
import { PENDING_CONTRACT, REQUEST_BEING_PROCESSED } from "./contract-state";
import { formatDate } from "./formats";
import { EXPIRY_WARNING_DAYS, expiryState } from "./licenses";
import {
  type Audience,
  type ReadinessLine,
  type ReadinessStepKey,
  type RtsFact,
  READINESS_STEPS,
  STEP_TITLES,
  daysBetween,
  documentNoticesOf,
  documentsStep,
  inDays,
  licenseStep,
  readinessOf,
} from "./readiness";

export const DOWNLINE_READINESS_HREF = "/downlines/readiness";

/** "Agents with nothing written in 90 days." */
export const IDLE_DAYS = 90;

/**
 * A contract request waiting longer than this is a long wait, emphasised (issue 37 §5): past the contracting desk's
 * "8 to 30 days" age band (admin/dashboard.ts CONTRACT_AGES), a request is overdue.
 */
export const LONG_WAIT_DAYS = 30;

/** Most brokers one reminder goes to (the upstream refuses more: POST /api/downlines/readiness/reminders). */
export const REMINDER_CAP = 200;
/** Longest text of one broker's reminder. */
export const REMINDER_DETAIL_MAX = 500;

/* ---- The facts (the upstream's GET /api/downlines/readiness, structurally) ---- */

export interface BrokerFacts {
  userId: number;
  firstName: string;
  lastName: string;
  role: "Agent" | "Agency";
  npnNumber: string | null;
  agencyUserId: number;
  contracts: ReadonlyArray<{
    carrierProductId: number;
    status: "pending" | "denied" | "approved" | "active";
    lastPublicNote: string | null;
    requestedAt: string;
    stateSince: string;
  }>;
  licenses: ReadonlyArray<{ state: string; status: string; expiresOn: string | null }>;
  niprHolds: ReadonlyArray<{ state: string }>;
  documents: ReadonlyArray<{
    kind: ComplianceDocumentKind;
    onFile: boolean;
    review: "accepted" | "rejected";
    expiresOn: string | null;
  }>;
  documentNotifications: ReadonlyArray<{ documentName: string }>;
  certifications: ReadonlyArray<{ carrierId: number; planYear: number; completedOn: string }>;
  rtsStatuses: ReadonlyArray<RtsFact & { carrierId: number }>;
  lastWrittenOn: string | null;
}

/** A carrier product the portal offers (the products' carriers), with its carrier resource's certification. */
export interface OfferedProduct {
  productId: number;
  productName: string;
  carrierProductId: number;
  /** The carrier's id (certifications and RTS are per carrier). */
  carrierId: number;
  carrierName: string;
  certificationLink: string | null;
  certificationDate: string | null;
}

export interface ReadinessContext {
  today: string;
  /** The plan year being sold (readiness.ts planYearOf). */
  planYear: number;
  licenseWarningDays: number;
  offered: readonly OfferedProduct[];
}

/* ---- One broker ---- */

/** Something the broker must do at one step (a blocked step, or one running out within the warning window). */
export interface BrokerAction {
  step: ReadinessStepKey;
  /** What is left, in words to the manager about the broker ("their NPN"). */
  text: string;
  /** The same, as the broker's own Ready to Sell page words it ("your NPN"): what their reminder tells them. */
  ownText: string;
  /** The lines it holds back ("Blue Harbor Health Medicare Advantage"); empty when it is the broker's, not a line's. */
  products: string[];
  /** Blocked (the broker must act) or a warning (done, but runs out soon). */
  urgent: boolean;
}

export interface WaitingRequest {
  product: string;
  state: string;
  /** Days since the request was made. */
  days: number;
}

export interface Expiring {
  what: string;
  expiresOn: string;
  days: number;
}

export interface BrokerReadiness {
  userId: number;
  name: string;
  role: "Agent" | "Agency";
  npnNumber: string | null;
  agencyUserId: number;
  /** Lines ready / lines with a contract request, this plan year and next. */
  thisYear: { ready: number; total: number };
  nextYear: { ready: number; total: number };
  /** The products ready to sell this plan year. */
  readyProducts: string[];
  actions: BrokerAction[];
  expiring: Expiring[];
  waiting: WaitingRequest[];
  lastWrittenOn: string | null;
  /** Nothing written in IDLE_DAYS. */
  idle: boolean;
}

const productName = (p: Pick<OfferedProduct, "carrierName" | "productName">) => `${p.carrierName} ${p.productName}`;

/**
 * The broker's lines for a plan year: the carrier products they have a contract request for (any state), each through
 * §1's rule. A product never requested is one the broker could sell, not one they are blocked at: the agency's page
 * would otherwise list every agent as blocked at every carrier they do not work with.
 */
export function brokerLines(
  broker: BrokerFacts,
  context: ReadinessContext,
  planYear: number,
  audience: Audience = "manager",
): ReadinessLine[] {
  const { today } = context;
  const ahipDoc = broker.documents.find((d) => d.kind === "ahip");
  const ahip = ahipDoc
    ? {
        status: documentStatus({ ...ahipDoc, file: ahipDoc.onFile ? true : null }, today),
        expiresOn: ahipDoc.expiresOn,
      }
    : { status: "missing" as const, expiresOn: null };
  const documentNotices = documentNoticesOf(broker.documentNotifications);
  const contractOf = new Map(broker.contracts.map((c) => [c.carrierProductId, c]));
  const certified = new Map(
    broker.certifications.filter((c) => c.planYear === planYear).map((c) => [c.carrierId, c.completedOn]),
  );
  const rtsOf = new Map(broker.rtsStatuses.map((r) => [r.carrierId, r]));
  return context.offered.flatMap((p) => {
    const contract = contractOf.get(p.carrierProductId);
    if (!contract) return [];
    return [
      readinessOf({
        productId: p.productId,
        productName: p.productName,
        carrierProductId: p.carrierProductId,
        carrierName: p.carrierName,
        today,
        planYear,
        contract: { state: contract.status, lastPublicNote: contract.lastPublicNote },
        licenses: broker.licenses,
        holds: broker.niprHolds,
        licenseWarningDays: context.licenseWarningDays,
        ahip,
        certification: {
          completedOn: certified.get(p.carrierId) ?? null,
          certificationLink: p.certificationLink,
          certificationDate: p.certificationDate,
        },
        documentNotices,
        rts: rtsOf.get(p.carrierId) ?? null,
        audience,
      }),
    ];
  });
}

/**
 * What the broker must do: every blocked or expiring step of their lines, one per step and text (the products it
 * holds back listed), in the steps' order. A broker with no contract request at all can sell nothing: that is their
 * contract step, with their license and documents as they stand.
 */
export function brokerActions(
  broker: BrokerFacts,
  lines: readonly ReadinessLine[],
  today: string,
  warningDays: number,
  /** The same lines in the broker's own words (brokerLines with "self"), step for step; absent: `lines`. */
  ownLines: readonly ReadinessLine[] = lines,
) {
  const actions: BrokerAction[] = [];
  const add = (step: ReadinessStepKey, text: string, ownText: string, urgent: boolean, product: string | null) => {
    const known = actions.find((a) => a.step === step && a.text === text);
    if (known) {
      if (product && !known.products.includes(product)) known.products.push(product);
      return;
    }
    actions.push({ step, text, ownText, products: product ? [product] : [], urgent });
  };
  if (lines.length === 0) {
    add(
      "contract",
      "No contract requests yet: nothing to sell.",
      "No contract requests yet: nothing to sell.",
      true,
      null,
    );
    const facts = { licenses: broker.licenses, holds: broker.niprHolds, today, warningDays };
    const license = licenseStep({ ...facts, audience: "manager" });
    const ownLicense = licenseStep(facts);
    if (license.status !== "done") add("license", license.text, ownLicense.text, license.status === "blocked", null);
    const notices = documentNoticesOf(broker.documentNotifications);
    const documents = documentsStep(notices, "manager");
    if (documents.status !== "done") add("documents", documents.text, documentsStep(notices).text, true, null);
  }
  lines.forEach((line, i) => {
    line.steps.forEach((step, j) => {
      const own = ownLines[i]?.steps[j]?.text ?? step.text;
      if (step.status === "blocked" || step.status === "warning")
        add(step.key, step.text, own, step.status === "blocked", productName(line));
    });
  });
  return actions.sort((a, b) => READINESS_STEPS.indexOf(a.step) - READINESS_STEPS.indexOf(b.step));
}

/** Active licenses and the E&O certificate running out within the warning window (expired ones block, in actions). */
export function expiringOf(broker: BrokerFacts, today: string, warningDays: number): Expiring[] {
  const out: Expiring[] = [];
  for (const l of broker.licenses) {
    if (l.status.trim().toLowerCase() !== "active" || !l.expiresOn) continue;
    if (expiryState(l.expiresOn, today, warningDays) === "expiring")
      out.push({ what: `${l.state} license`, expiresOn: l.expiresOn, days: daysBetween(today, l.expiresOn) });
  }
  const eo = broker.documents.find((d) => d.kind === "eo" && d.onFile && d.review === "accepted");
  if (eo?.expiresOn && expiryState(eo.expiresOn, today, warningDays) === "expiring")
    out.push({ what: "E&O Certificate", expiresOn: eo.expiresOn, days: daysBetween(today, eo.expiresOn) });
  return out.sort((a, b) => a.expiresOn.localeCompare(b.expiresOn));
}

/** Contract requests pending at the contracting desk or approved and waiting for the carrier, oldest first. */
export function waitingOf(broker: BrokerFacts, offered: readonly OfferedProduct[], today: string): WaitingRequest[] {
  const byId = new Map(offered.map((p) => [p.carrierProductId, p]));
  return broker.contracts
    .filter((c) => c.status === "pending" || c.status === "approved")
    .map((c) => {
      const p = byId.get(c.carrierProductId);
      return {
        product: p ? productName(p) : `Carrier product ${c.carrierProductId}`,
        state: c.status === "pending" ? PENDING_CONTRACT : REQUEST_BEING_PROCESSED,
        days: Math.max(0, daysBetween(c.requestedAt, today)),
      };
    })
    .sort((a, b) => b.days - a.days);
}

/**
 * The last day the broker wrote business, as of `today`: a day after today is none (issue 37 §5: "no 'last written'
 * date in the future"; a policy sold for January 1 takes effect later, it was not written then). The upstream answers
 * days up to today; this guards the page should one come later anyway.
 */
export function lastWrittenOf(lastWrittenOn: string | null, today: string): string | null {
  return lastWrittenOn !== null && lastWrittenOn.slice(0, 10) <= today.slice(0, 10) ? lastWrittenOn : null;
}

export function isIdle(lastWrittenOn: string | null, today: string): boolean {
  const last = lastWrittenOf(lastWrittenOn, today);
  return last === null || daysBetween(last, today) >= IDLE_DAYS;
}

export function brokerReadiness(broker: BrokerFacts, context: ReadinessContext, carrierId: number | null = null) {
  const { today, planYear } = context;
  const warningDays = context.licenseWarningDays || EXPIRY_WARNING_DAYS;
  const scoped =
    carrierId === null ? context : { ...context, offered: context.offered.filter((p) => p.carrierId === carrierId) };
  const lines = brokerLines(broker, scoped, planYear);
  const ownLines = brokerLines(broker, scoped, planYear, "self");
  const next = brokerLines(broker, scoped, planYear + 1);
  const result: BrokerReadiness = {
    userId: broker.userId,
    name: `${broker.firstName} ${broker.lastName}`,
    role: broker.role,
    npnNumber: broker.npnNumber,
    agencyUserId: broker.agencyUserId,
    thisYear: { ready: lines.filter((l) => l.ready).length, total: lines.length },
    nextYear: { ready: next.filter((l) => l.ready).length, total: next.length },
    readyProducts: lines.filter((l) => l.ready).map(productName),
    actions: brokerActions(broker, lines, today, warningDays, ownLines),
    expiring: expiringOf(broker, today, warningDays),
    waiting: waitingOf(broker, scoped.offered, today),
    lastWrittenOn: lastWrittenOf(broker.lastWrittenOn, today),
    idle: isIdle(broker.lastWrittenOn, today),
  };
  return result;
}

/* ---- The agency's list ---- */

/**
 * What needs action first: a broker blocked at a step (the more steps, the sooner), then one whose license or
 * certificate runs out, then one waiting on the desk or the carrier, then one with nothing written lately; a broker
 * with nothing to do last. Names break ties.
 */
export function attentionRank(b: BrokerReadiness): number {
  if (b.actions.some((a) => a.urgent)) return 0;
  if (b.actions.length > 0 || b.expiring.length > 0) return 1;
  if (b.waiting.length > 0) return 2;
  if (b.idle) return 3;
  return 4;
}

export function sortByAttention(brokers: readonly BrokerReadiness[]): BrokerReadiness[] {
  return [...brokers].sort(
    (a, b) =>
      attentionRank(a) - attentionRank(b) ||
      b.actions.filter((x) => x.urgent).length - a.actions.filter((x) => x.urgent).length ||
      a.name.localeCompare(b.name) ||
      a.userId - b.userId,
  );
}

export interface DownlineFilters {
  /** A sub-agency's user id: the brokers under it, at any depth, and the sub-agency itself. */
  agencyId: number | null;
  /** Only the lines of this carrier; brokers without a request with it are left out. */
  carrierId: number | null;
  /** Only brokers with something to do at this step. */
  step: ReadinessStepKey | null;
}

/** The user ids of the sub-agency and everyone under it (brokers' agencyUserId is their direct upline). */
export function subtreeOf(agencyId: number, brokers: ReadonlyArray<Pick<BrokerFacts, "userId" | "agencyUserId">>) {
  const ids = new Set<number>([agencyId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const b of brokers) {
      if (ids.has(b.agencyUserId) && !ids.has(b.userId)) {
        ids.add(b.userId);
        grew = true;
      }
    }
  }
  return ids;
}

/** The agency's list: each broker through the rule, filtered, needing action first. */
export function downlineReadiness(
  brokers: readonly BrokerFacts[],
  context: ReadinessContext,
  filters: DownlineFilters,
): BrokerReadiness[] {
  const within = filters.agencyId === null ? null : subtreeOf(filters.agencyId, brokers);
  const rows = brokers
    .filter((b) => within === null || within.has(b.userId))
    .filter((b) => filters.carrierId === null || hasCarrier(b, context.offered, filters.carrierId))
    .map((b) => brokerReadiness(b, context, filters.carrierId))
    .filter((r) => filters.step === null || r.actions.some((a) => a.step === filters.step));
  return sortByAttention(rows);
}

function hasCarrier(broker: BrokerFacts, offered: readonly OfferedProduct[], carrierId: number): boolean {
  const ids = new Set(offered.filter((p) => p.carrierId === carrierId).map((p) => p.carrierProductId));
  return broker.contracts.some((c) => ids.has(c.carrierProductId));
}

export interface DownlineSummary {
  brokers: number;
  /** Brokers ready to sell at least one product this plan year. */
  selling: number;
  blocked: number;
  expiring: number;
  waiting: number;
  idle: number;
}

export function summaryOf(rows: readonly BrokerReadiness[]): DownlineSummary {
  return {
    brokers: rows.length,
    selling: rows.filter((r) => r.thisYear.ready > 0).length,
    blocked: rows.filter((r) => r.actions.some((a) => a.urgent)).length,
    expiring: rows.filter((r) => r.expiring.length > 0).length,
    waiting: rows.filter((r) => r.waiting.length > 0).length,
    idle: rows.filter((r) => r.idle).length,
  };
}

/* ---- Reminders ---- */

/**
 * One broker's reminder at a step: what is left there, in the words of their Ready to Sell page (the products it holds
 * back named); null when the broker has nothing to do at that step.
 */
export function reminderDetail(row: BrokerReadiness, step: ReadinessStepKey): string | null {
  const at = row.actions.filter((a) => a.step === step);
  if (at.length === 0) return null;
  const text = at.map((a) => (a.products.length > 0 ? `${a.ownText} (${a.products.join(", ")})` : a.ownText)).join(" ");
  return text.length > REMINDER_DETAIL_MAX ? `${text.slice(0, REMINDER_DETAIL_MAX - 3)}...` : text;
}

/** The step a one-broker reminder is about: their first step with something to do (the steps' order). */
export function firstActionStep(row: BrokerReadiness): ReadinessStepKey | null {
  return row.actions[0]?.step ?? null;
}

export function brokersText(n: number): string {
  return `${n} ${n === 1 ? "agent" : "agents"}`;
}

export function reminderSentText(n: number, step: ReadinessStepKey): string {
  return `Reminder sent to ${brokersText(n)} about ${STEP_TITLES[step]}.`;
}

export function tooManyRemindersText(n: number): string {
  return `This reminder would go to ${brokersText(n)}: at most ${REMINDER_CAP} at once. Narrow the filters.`;
}

export function reminderChangedText(n: number): string {
  return `The list changed since you confirmed it: the reminder would now go to ${brokersText(n)}. Check it and confirm again.`;
}

/* ---- Texts shared by the page and the CSV ---- */

export function yearText(y: { ready: number; total: number }): string {
  return y.total === 0 ? "No contract requests" : `${y.ready} of ${y.total} ready`;
}

export function expiringText(e: Expiring): string {
  return `${e.what} expires ${inDays(e.days)} (${formatDate(e.expiresOn)})`;
}

export function waitingText(w: WaitingRequest): string {
  return `${w.product}: ${w.state}, ${w.days === 1 ? "1 day" : `${w.days} days`}`;
}

export function lastWrittenText(row: Pick<BrokerReadiness, "lastWrittenOn" | "idle">): string {
  if (row.lastWrittenOn === null) return "Nothing written yet";
  return row.idle
    ? `Nothing written in ${IDLE_DAYS} days (last ${formatDate(row.lastWrittenOn)})`
    : formatDate(row.lastWrittenOn);
}

/** How the one-line summary names a step's blockers: one, or how many ("AHIP", "2 certifications"). */
const BLOCKER_NOUNS: Readonly<Record<ReadinessStepKey, readonly [one: string, many: string]>> = {
  contract: ["contract", "contracts"],
  license: ["license", "licenses"],
  ahip: ["AHIP", "AHIP"],
  carrierCertification: ["certification", "certifications"],
  documents: ["documents", "documents"],
  rts: ["RTS status", "RTS statuses"],
};

/**
 * A broker's row in one line (issue 37 §5): "3 blockers: AHIP, 2 certifications", then what runs out soon
 * ("expiring: license"); "Nothing to do" without either. The details expand under it.
 */
export function actionsSummaryText(actions: readonly BrokerAction[]): string {
  const named = (list: readonly BrokerAction[]) =>
    READINESS_STEPS.flatMap((step) => {
      const n = list.filter((a) => a.step === step).length;
      if (n === 0) return [];
      const [one, many] = BLOCKER_NOUNS[step];
      return [n === 1 ? one : many === one ? one : `${n} ${many}`];
    }).join(", ");
  const urgent = actions.filter((a) => a.urgent);
  const warnings = actions.filter((a) => !a.urgent);
  const parts: string[] = [];
  if (urgent.length > 0)
    parts.push(`${urgent.length} ${urgent.length === 1 ? "blocker" : "blockers"}: ${named(urgent)}`);
  if (warnings.length > 0) parts.push(`expiring: ${named(warnings)}`);
  if (parts.length === 0) return "Nothing to do";
  const text = parts.join("; ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A request waiting longer than LONG_WAIT_DAYS. */
export function isLongWait(w: Pick<WaitingRequest, "days">): boolean {
  return w.days > LONG_WAIT_DAYS;
}

/** The waiting requests in one line: "3 waiting, longest 104 days". */
export function waitingSummaryText(waiting: readonly WaitingRequest[]): string {
  if (waiting.length === 0) return "None";
  const longest = Math.max(...waiting.map((w) => w.days));
  const days = longest === 1 ? "1 day" : `${longest} days`;
  return waiting.length === 1 ? `1 waiting, ${days}` : `${waiting.length} waiting, longest ${days}`;
}

export function actionText(a: BrokerAction): string {
  return `${STEP_TITLES[a.step]}: ${a.text}`;
}

/** The CSV's columns and one row per broker (app/domain/csv.ts writes it). */
export function csvRowsOf(rows: readonly BrokerReadiness[], agencyName: (id: number) => string, planYear: number) {
  const header = [
    "Agent",
    "Role",
    "NPN",
    "Agency",
    `Plan year ${planYear}`,
    `Plan year ${planYear + 1}`,
    "Ready to sell",
    "Needs action",
    "Expiring",
    "Contract requests waiting",
    "Last written",
  ];
  const body = rows.map((r) => [
    r.name,
    r.role,
    r.npnNumber ?? "",
    agencyName(r.agencyUserId),
    yearText(r.thisYear),
    yearText(r.nextYear),
    r.readyProducts.join("; "),
    r.actions.map(actionText).join("; "),
    r.expiring.map(expiringText).join("; "),
    r.waiting.map(waitingText).join("; "),
    lastWrittenText(r),
  ]);
  return [header, ...body];
}

/**
 * Issue 37 §5, the agency dashboard's card: "nothing about the downline, the agency's main job (54 of 62 brokers
 * blocked): a downline readiness summary card linking to the page". Its line, from summaryOf (the page's figures).
 */
export function downlineSummaryText(s: Pick<DownlineSummary, "brokers" | "blocked">): string {
  if (s.brokers === 0) return "No agents in your downline yet";
  return `${s.blocked} of ${brokersText(s.brokers)} blocked at a step`;
}
