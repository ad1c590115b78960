/**
 * Ready to sell, for an agent (issue 25 §1): "For each carrier product the agent works with (or could), one line:
 * ready to sell or what blocks it, step by step in the order it must be done — contract (none, pending, approved,
 * denied with the public note), a licence active in each state where they sell (and the days until it expires, with
 * the warning window of the licence configuration), the annual AHIP certification and the carrier's own certification
 * for the plan year (from compliance documents and carrier files), documents needing attention (spec §8's block), the
 * carrier's RTS status. Each blocking step links to the page that fixes it (Contract Now at that carrier, the profile
 * document, the certification link of the carrier resources)."
 *
 * Pure: the route gathers the facts (app/.server/readiness.ts); this decides each step and the line. ADR 036.
 */
import {
  COMPLIANCE_DOCUMENT_KINDS,
  COMPLIANCE_DOCUMENT_TYPES,
  type ComplianceDocumentKind,
  type DocumentStatus,
  notificationsFor,
} from "./compliance-documents";
import {
  CONTRACT_REQUEST_BLOCKED,
  type ContractState,
  PENDING_CONTRACT,
  REQUEST_BEING_PROCESSED,
} from "./contract-state";
import { formatDate } from "./formats";
import { carrierResourceHref } from "./learning-center";
import { EXPIRY_WARNING_DAYS, expiryState } from "./licenses";
import { holdReason } from "./nipr-holds";
import { CONTRACT_NOW_HREF } from "./menu";
import type { RtsTone } from "./rts";

/** The page (issue 25 §1), linked from My Contracts and the dashboard's card. */
export const READY_TO_SELL_HREF = "/ready_to_sell";

/** The steps of a line, in the order the issue lists them (the order they are shown and counted). */
export const READINESS_STEPS = ["contract", "license", "ahip", "carrierCertification", "documents", "rts"] as const;
export type ReadinessStepKey = (typeof READINESS_STEPS)[number];

export const STEP_TITLES: Readonly<Record<ReadinessStepKey, string>> = {
  contract: "Contract",
  license: "License",
  ahip: "AHIP certification",
  carrierCertification: "Carrier certification",
  documents: "Documents",
  rts: "Ready to sell status",
};

/**
 * done: nothing left; warning: done, but runs out soon (within the warning window); waiting: in someone else's hands
 * (the carrier, the contracting desk); blocked: the agent must act (the step's fix says where); later: follows an
 * earlier step (the carrier's RTS follows the active contract).
 */
export type StepStatus = "done" | "warning" | "waiting" | "blocked" | "later";

export const STEP_STATUS_LABELS: Readonly<Record<StepStatus, string>> = {
  done: "Done",
  warning: "Done, expires soon",
  waiting: "Waiting",
  blocked: "Action needed",
  later: "After an earlier step",
};

/**
 * Whom a step's text speaks to (issue 37 §5): the agent on their own Ready to Sell page ("your NPN"), or the manager
 * of their downline, about the broker ("their NPN"). The fixes' links are the agent's own pages either way.
 */
export type Audience = "self" | "manager";

/** The words of `audience` for the broker's own things: "your" to the agent, "their" to the manager. */
const wordsFor = (audience: Audience = "self") =>
  audience === "self"
    ? { your: "your", Your: "Your", you: "you", they: "you", renew: "renew it", take: "take" }
    : {
        your: "their",
        Your: "Their",
        you: "them",
        they: "they",
        renew: "they need to renew it",
        take: "they need to take",
      };

/**
 * A note written to the broker (the contracting desk's public note), as the manager reads it: "your NPN" is their
 * NPN. The possessives turn (your, yours, yourself); a "you" turns to "they" where it starts a sentence or clause,
 * else to "them". Only for the manager's page: the broker reads the note as written.
 */
export function aboutThem(text: string): string {
  const cased = (word: string, like: string) =>
    /^[A-Z]/.test(like) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  return text
    .replace(/\b(yourself|yours|your)\b/gi, (m) =>
      cased({ yourself: "themselves", yours: "theirs", your: "their" }[m.toLowerCase()] ?? m, m),
    )
    .replace(/(^|[.!?:;,]\s*|\b(?:and|or|if|when|until|because|so|that)\s+)?\byou\b/gi, (m, before?: string) =>
      before !== undefined ? `${before}${cased("they", m.slice(before.length))}` : cased("them", m),
    );
}

export interface StepFix {
  label: string;
  href: string;
  /** Off the portal (a carrier's certification site): opens in a new tab. */
  external: boolean;
}

export interface ReadinessStep {
  key: ReadinessStepKey;
  status: StepStatus;
  text: string;
  /** Where the agent fixes it: blocked steps always have one; others may (a warning's renewal). */
  fix: StepFix | null;
}

/** A step that is not done: it keeps the line from being ready. */
export function isOpen(step: Pick<ReadinessStep, "status">): boolean {
  return step.status !== "done" && step.status !== "warning";
}

const CONTACT_SUPPORT: StepFix = { label: "Contact Support", href: "/contact_support", external: false };
const PROFILE_LICENSES = "/profile#licenses-title";
const PROFILE_DOCUMENTS = "/profile#documents";

export function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  const b = Date.parse(`${to.slice(0, 10)}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

/** "today", "in 1 day", "in N days". */
export function inDays(days: number): string {
  return days === 0 ? "today" : days === 1 ? "in 1 day" : `in ${days} days`;
}

/* ---- 1. Contract ---- */

/** Contract Now at that carrier (ADR 007: the dialog's state is its URL; step=confirm opens the flow). */
export function contractNowAt(productId: number, carrierProductId: number): string {
  return `${CONTRACT_NOW_HREF}?product=${productId}&carrier=${carrierProductId}&step=confirm`;
}

/**
 * Spec §4's states: active is done; pending ('Pending contract') and approved ('Request being processed') wait on the
 * contracting desk; denied shows the last public note; none links to Contract Now at that carrier, unless document
 * notifications block contract requests (spec §6), when it links to the documents first.
 */
export function contractStep(input: {
  state: ContractState;
  lastPublicNote: string | null;
  productId: number;
  carrierProductId: number;
  requestsBlocked: boolean;
  audience?: Audience;
}): ReadinessStep {
  const key = "contract";
  const w = wordsFor(input.audience);
  switch (input.state) {
    case "active":
      return { key, status: "done", text: "Contract active.", fix: null };
    case "pending":
      return {
        key,
        status: "waiting",
        text: `${PENDING_CONTRACT}: the contracting team has ${w.your} request.`,
        fix: null,
      };
    case "approved":
      return {
        key,
        status: "waiting",
        text: `${REQUEST_BEING_PROCESSED}: approved, waiting for the carrier's writing number.`,
        fix: null,
      };
    case "denied": {
      const written = input.lastPublicNote?.trim();
      const note = written && input.audience === "manager" ? aboutThem(written) : written;
      return {
        key,
        status: "blocked",
        text: note ? `Request denied: ${note}` : "Request denied.",
        fix: CONTACT_SUPPORT,
      };
    }
    case "none":
      return input.requestsBlocked
        ? {
            key,
            status: "blocked",
            // Spec §8's words to the agent; the manager reads what it means for the broker.
            text:
              input.audience === "manager"
                ? "No contract yet: they cannot request new contracts until their documentation is up to date."
                : `No contract yet. ${CONTRACT_REQUEST_BLOCKED}`,
            fix: { label: "Update your documents", href: PROFILE_DOCUMENTS, external: false },
          }
        : {
            key,
            status: "blocked",
            text: "No contract yet.",
            fix: {
              label: "Contract Now",
              href: contractNowAt(input.productId, input.carrierProductId),
              external: false,
            },
          };
  }
}

/* ---- 2. License ---- */

export interface LicenseFact {
  state: string;
  status: string;
  expiresOn: string | null;
}

/**
 * "A licence active in each state where they sell (and the days until it expires, with the warning window of the
 * licence configuration)". The states where an agent sells are the states of their licenses NIPR reports Active
 * (profile.licenses); a license reported Expired or Inactive is a state they no longer sell in, named but not a block.
 * A selling state needs one of its Active licenses not past its expiry day (as nipr-holds.ts isSellingLicense);
 * otherwise the step blocks, fixed from the profile's licenses. A NIPR hold blocks from the day its alert arrives
 * (issue 37 §1: "an agent must stop selling the day NIPR says so"), named as nipr-holds.ts holdReason says ("PA
 * license lapsed per NIPR on 12/04/2026"), whatever the license's status. No Active license at all blocks too. Within
 * the warning window of the soonest expiry: a warning, with the days left.
 */
export function licenseStep(input: {
  licenses: readonly LicenseFact[];
  holds: ReadonlyArray<{ state: string; kind?: string | null; since?: string }>;
  today: string;
  /** The NIPR settings' warning window (profile.licenseWarningDays); absent: EXPIRY_WARNING_DAYS. */
  warningDays?: number;
  audience?: Audience;
}): ReadinessStep {
  const key = "license";
  const w = wordsFor(input.audience);
  const fix: StepFix = { label: "Check your licenses", href: PROFILE_LICENSES, external: false };
  const warningDays = input.warningDays ?? EXPIRY_WARNING_DAYS;
  const held = new Map<string, { state: string; kind?: string | null; since?: string }>();
  for (const h of input.holds) if (!held.has(h.state)) held.set(h.state, h);
  const reportedActive = input.licenses.filter((l) => l.status.trim().toLowerCase() === "active");
  const states = [...new Set(reportedActive.map((l) => l.state))].filter((s) => !held.has(s)).sort();
  const formerStates = [...new Set(input.licenses.map((l) => l.state))]
    .filter((s) => !states.includes(s) && !held.has(s))
    .sort();
  const former = formerStates.length > 0 ? ` Not selling in ${formerStates.join(", ")} (license not active).` : "";
  // Holds first: what NIPR reported, whatever the license says now.
  const problems: string[] = [...held.values()]
    .sort((a, b) => a.state.localeCompare(b.state))
    .map((h) =>
      h.since
        ? holdReason({ state: h.state, kind: h.kind, since: h.since })
        : `${h.state}: NIPR holds new contract requests`,
    );
  if (states.length === 0 && problems.length === 0) {
    return {
      key,
      status: "blocked",
      text: `No active license: ${w.they} need one in each state ${w.they} sell in.${former}`,
      fix,
    };
  }
  // Per state, the selling license that runs longest (null expiry: does not run out).
  const longest: Array<{ state: string; expiresOn: string | null }> = [];
  for (const state of states) {
    const ofState = reportedActive.filter((l) => l.state === state);
    const selling = ofState.filter((l) => expiryState(l.expiresOn, input.today, 0) !== "expired");
    if (selling.length === 0) {
      const lapsed = [...ofState].sort((a, b) => (b.expiresOn ?? "").localeCompare(a.expiresOn ?? ""))[0];
      problems.push(`${state}: license expired on ${formatDate(lapsed?.expiresOn)}`);
    } else {
      // A license without an expiry date does not run out: it outlasts any dated one.
      const expiresOn = selling.some((l) => l.expiresOn === null)
        ? null
        : (selling.map((l) => l.expiresOn ?? "").sort((a, b) => b.localeCompare(a))[0] ?? null);
      longest.push({ state, expiresOn });
    }
  }
  if (problems.length > 0) {
    return {
      key,
      status: "blocked",
      text: `Not licensed to sell in every state: ${problems.join("; ")}.${former}`,
      fix,
    };
  }
  const soonest = longest
    .filter((l): l is { state: string; expiresOn: string } => l.expiresOn !== null)
    .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn))[0];
  const where = `Active license in ${states.join(", ")}`;
  if (!soonest) return { key, status: "done", text: `${where}.${former}`, fix: null };
  const days = daysBetween(input.today, soonest.expiresOn);
  const expiry = `the ${soonest.state} license expires ${inDays(days)} (${formatDate(soonest.expiresOn)})`;
  return expiryState(soonest.expiresOn, input.today, warningDays) === "expiring"
    ? { key, status: "warning", text: `${where}; ${expiry}: ${w.renew}.${former}`, fix }
    : { key, status: "done", text: `${where}; ${expiry}.${former}`, fix: null };
}

/* ---- 3. AHIP ---- */

/**
 * The products sold under CMS's Medicare marketing rules, which call for the annual AHIP certification and the
 * carrier's own certification for the plan year: Medicare Advantage and Prescription Drug Plans (Part D). Medicare
 * Supplement and dental, vision and hearing plans need neither, so their lines have no such steps.
 */
export const CERTIFIED_PRODUCT_NAMES: readonly string[] = ["Medicare Advantage", "Prescription Drug Plans"];

export function needsCertification(productName: string): boolean {
  const key = productName.trim().toLowerCase();
  return CERTIFIED_PRODUCT_NAMES.some((n) => n.toLowerCase() === key);
}

export const AHIP_DOCUMENT_HREF = "/profile/documents/ahip";

/**
 * The AHIP certificate is the profile's compliance document of kind ahip (its status as compliance-documents.ts
 * documentStatus gives it): valid is done, expiring a warning, missing, expired or rejected blocks, fixed on the
 * profile document's page.
 */
export function ahipStep(input: {
  status: DocumentStatus;
  expiresOn: string | null;
  today: string;
  audience?: Audience;
}): ReadinessStep {
  const key = "ahip";
  const w = wordsFor(input.audience);
  const title = COMPLIANCE_DOCUMENT_TYPES.ahip.title;
  const fix: StepFix = { label: `Upload your ${title}`, href: AHIP_DOCUMENT_HREF, external: false };
  switch (input.status) {
    case "valid":
      return {
        key,
        status: "done",
        text: input.expiresOn ? `AHIP certified through ${formatDate(input.expiresOn)}.` : "AHIP certified.",
        fix: null,
      };
    case "expiring": {
      const days = input.expiresOn ? daysBetween(input.today, input.expiresOn) : 0;
      return {
        key,
        status: "warning",
        text: `AHIP certificate expires ${inDays(days)} (${formatDate(input.expiresOn)}): ${w.take} this year's AHIP course.`,
        fix: { ...fix, label: `Replace your ${title}` },
      };
    }
    case "expired":
      return { key, status: "blocked", text: `AHIP certificate expired on ${formatDate(input.expiresOn)}.`, fix };
    case "rejected":
      return { key, status: "blocked", text: "AHIP certificate rejected by the reviewer.", fix };
    case "missing":
      return { key, status: "blocked", text: "No AHIP certificate on file.", fix };
  }
}

/* ---- 4. The carrier's certification for the plan year ---- */

/**
 * The plan year an agent certifies for: Medicare plans are sold for the coming calendar year from the annual
 * enrollment period (October 15); before October the plan year is the current one. Carriers open their
 * certification for it in the summer (the carrier resource's certificationDate, 'OPENS <date>').
 */
export function planYearOf(today: string): number {
  const year = Number(today.slice(0, 4));
  return today.slice(5, 10) >= "10-15" ? year + 1 : year;
}

/**
 * Done when the carrier's files report the certification for the plan year; otherwise blocked, fixed at the carrier
 * resource's certificationLink, or waiting while its certification has not opened yet (a future certificationDate).
 * Without a link the Learning Center's carrier resource page says where.
 */
export function carrierCertificationStep(input: {
  carrierName: string;
  carrierProductId: number;
  planYear: number;
  completedOn: string | null;
  certificationLink: string | null;
  certificationDate: string | null;
  today: string;
}): ReadinessStep {
  const key = "carrierCertification";
  const name = `${possessive(input.carrierName)} ${input.planYear} certification`;
  if (input.completedOn) {
    return { key, status: "done", text: `Completed ${name} on ${formatDate(input.completedOn)}.`, fix: null };
  }
  const resource: StepFix = {
    label: "See the carrier's resources",
    href: carrierResourceHref(input.carrierProductId),
    external: false,
  };
  if (input.certificationDate && input.certificationDate.slice(0, 10) > input.today.slice(0, 10)) {
    return {
      key,
      status: "waiting",
      text: `${name} opens on ${formatDate(input.certificationDate)}.`,
      fix: resource,
    };
  }
  // Links are http(s) only, as everywhere the carrier resources show (app/.server/carrier-resources.ts).
  const link = input.certificationLink?.trim();
  const safe = link && /^https?:\/\//i.test(link) ? link : null;
  return {
    key,
    status: "blocked",
    text: `${name} is not complete.`,
    fix: safe ? { label: "Take the certification", href: safe, external: true } : resource,
  };
}

/** "Blue Harbor Health's", "Pioneer Benefits'". */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/* ---- 5. Documents needing attention ---- */

export interface DocumentNotice {
  documentName: string;
  /** The compliance document it names (compliance-documents.ts notificationsFor), or null for another document. */
  kind: ComplianceDocumentKind | null;
}

/**
 * Each document notification with the compliance document it names (compliance-documents.ts notificationsFor, the
 * profile's rule), or none; `titleOf` gives a document's title as the upstream lists it, when it does.
 */
export function documentNoticesOf(
  notifications: ReadonlyArray<{ documentName: string }>,
  titleOf: (kind: ComplianceDocumentKind) => string | undefined = () => undefined,
): DocumentNotice[] {
  return notifications.map((n) => ({
    documentName: n.documentName,
    kind: COMPLIANCE_DOCUMENT_KINDS.find((k) => notificationsFor(k, [n], titleOf(k)).length > 0) ?? null,
  }));
}

/**
 * Spec §8's block: "You cannot request new contracts until your documentation is up to date. Please visit the User
 * Profile to find this icon next to any documentation that requires your attention." Any document notification
 * blocks; the fix opens the first named document's page (or the profile's documents).
 */
export function documentsStep(notices: readonly DocumentNotice[], audience: Audience = "self"): ReadinessStep {
  const key = "documents";
  const w = wordsFor(audience);
  if (notices.length === 0) return { key, status: "done", text: `${w.Your} documentation is up to date.`, fix: null };
  const names = [...new Set(notices.map((n) => n.documentName))];
  const first = notices.find((n) => n.kind !== null);
  return {
    key,
    status: "blocked",
    text: `${names.length === 1 ? "A document needs" : `${names.length} documents need`} ${w.your} attention: ${names.join(", ")}.`,
    fix: first?.kind
      ? {
          label: `Upload your ${COMPLIANCE_DOCUMENT_TYPES[first.kind].title}`,
          href: `/profile/documents/${first.kind}`,
          external: false,
        }
      : { label: "See your documents", href: PROFILE_DOCUMENTS, external: false },
  };
}

/* ---- 6. The carrier's RTS status ---- */

export interface RtsFact {
  displayStatus: string;
  tone: RtsTone;
  description: string;
}

/**
 * The carrier's Ready to Sell status of the agent (the RTS statuses' tone, rts.ts): it follows the active contract;
 * ready is done, in progress waits on the carrier, blocked needs the agent to ask (the carrier's reason shown).
 */
export function rtsStep(input: {
  carrierName: string;
  contractActive: boolean;
  rts: RtsFact | null;
  audience?: Audience;
}): ReadinessStep {
  const key = "rts";
  const w = wordsFor(input.audience);
  if (!input.contractActive) {
    return {
      key,
      status: "later",
      text: `${input.carrierName} reports ${w.your} status once the contract is active.`,
      fix: null,
    };
  }
  if (!input.rts) {
    return {
      key,
      status: "waiting",
      text: `Waiting for ${input.carrierName} to report ${w.your} ready-to-sell status.`,
      fix: null,
    };
  }
  const detail = input.rts.description.trim() ? `: ${input.rts.description.trim()}` : ".";
  switch (input.rts.tone) {
    case "ready":
      return { key, status: "done", text: `${input.rts.displayStatus}${detail}`, fix: null };
    case "in_progress":
      return { key, status: "waiting", text: `${input.rts.displayStatus}${detail}`, fix: null };
    case "blocked":
      return { key, status: "blocked", text: `${input.rts.displayStatus}${detail}`, fix: CONTACT_SUPPORT };
  }
}

/* ---- The line ---- */

export interface ReadinessFacts {
  productId: number;
  productName: string;
  carrierProductId: number;
  carrierName: string;
  today: string;
  planYear: number;
  contract: { state: ContractState; lastPublicNote: string | null };
  licenses: readonly LicenseFact[];
  holds: ReadonlyArray<{ state: string; kind?: string | null; since?: string }>;
  licenseWarningDays?: number;
  ahip: { status: DocumentStatus; expiresOn: string | null };
  certification: {
    completedOn: string | null;
    certificationLink: string | null;
    certificationDate: string | null;
  };
  documentNotices: readonly DocumentNotice[];
  rts: RtsFact | null;
  /** Whom the steps' texts speak to: the agent (the default) or their manager (the downline's page). */
  audience?: Audience;
}

export interface ReadinessLine {
  productId: number;
  productName: string;
  carrierProductId: number;
  carrierName: string;
  steps: ReadinessStep[];
  /** Every step done (or done with a warning). */
  ready: boolean;
  /** How many steps keep it from being ready. */
  openSteps: number;
  /** The first open step, in the order it must be done: what to do next. */
  next: ReadinessStep | null;
}

export function readinessOf(f: ReadinessFacts): ReadinessLine {
  const certified = needsCertification(f.productName);
  const { audience } = f;
  const steps: ReadinessStep[] = [
    contractStep({
      ...f.contract,
      productId: f.productId,
      carrierProductId: f.carrierProductId,
      requestsBlocked: f.documentNotices.length > 0,
      audience,
    }),
    licenseStep({
      licenses: f.licenses,
      holds: f.holds,
      today: f.today,
      warningDays: f.licenseWarningDays,
      audience,
    }),
    ...(certified
      ? [
          ahipStep({ ...f.ahip, today: f.today, audience }),
          carrierCertificationStep({
            carrierName: f.carrierName,
            carrierProductId: f.carrierProductId,
            planYear: f.planYear,
            today: f.today,
            ...f.certification,
          }),
        ]
      : []),
    documentsStep(f.documentNotices, audience),
    rtsStep({ carrierName: f.carrierName, contractActive: f.contract.state === "active", rts: f.rts, audience }),
  ];
  const open = steps.filter(isOpen);
  return {
    productId: f.productId,
    productName: f.productName,
    carrierProductId: f.carrierProductId,
    carrierName: f.carrierName,
    steps,
    ready: open.length === 0,
    openSteps: open.length,
    next: open[0] ?? null,
  };
}

export interface ReadinessSummary {
  total: number;
  ready: number;
  /** Lines one step away from ready. */
  oneStep: number;
}

export function readinessSummary(lines: ReadonlyArray<Pick<ReadinessLine, "ready" | "openSteps">>): ReadinessSummary {
  return {
    total: lines.length,
    ready: lines.filter((l) => l.ready).length,
    oneStep: lines.filter((l) => l.openSteps === 1).length,
  };
}

/** The dashboard card's line: "3 of 7 products ready; 2 need one step" (issue 25 §1). */
export function readinessSummaryText(s: ReadinessSummary): string {
  if (s.total === 0) return "No carrier products to sell yet";
  const ready = `${s.ready} of ${s.total} ${s.total === 1 ? "product" : "products"} ready`;
  if (s.oneStep === 0) return ready;
  return `${ready}; ${s.oneStep} ${s.oneStep === 1 ? "needs" : "need"} one step`;
}

/** Ready lines first, then by how few steps are left; within that the upstream's order (product, carrier). */
export function sortLines<L extends Pick<ReadinessLine, "ready" | "openSteps">>(lines: readonly L[]): L[] {
  return lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => a.line.openSteps - b.line.openSteps || a.i - b.i)
    .map((x) => x.line);
}

/* ---- What every line shares ---- */

/** A step said once above the lines: the same on each line it is on. */
export interface SharedStep {
  step: ReadinessStep;
  /** The products whose lines have it, when not every line does (AHIP: the certified products); null: every line. */
  products: string[] | null;
}

const sameStep = (a: ReadinessStep, b: ReadinessStep) =>
  a.status === b.status &&
  a.text === b.text &&
  a.fix?.label === b.fix?.label &&
  a.fix?.href === b.fix?.href &&
  a.fix?.external === b.fix?.external;

/** The steps about the agent rather than a carrier: the same facts on every line (their licenses, AHIP, documents). */
export const AGENT_STEPS: readonly ReadinessStepKey[] = ["license", "ahip", "documents"];

/**
 * Issue 37 §5: "a 7,000 px page repeating the same licence and AHIP warnings in all 12 cards: say what applies to
 * every line once, above them." A step about the agent (AGENT_STEPS) is shared when at least two lines have it and it
 * reads the same on each (its status, text and fix). A carrier's steps stay on its line, even where two lines read
 * alike ("Contract active."): they are about that carrier. In the steps' order. The page shows these once and drops
 * them from the lines (`ownSteps`).
 */
export function sharedSteps(lines: readonly ReadinessLine[]): SharedStep[] {
  const shared: SharedStep[] = [];
  for (const key of AGENT_STEPS) {
    const having = lines.filter((l) => l.steps.some((s) => s.key === key));
    const steps = having.flatMap((l) => l.steps.filter((s) => s.key === key));
    const [first] = steps;
    if (!first || steps.length < 2 || !steps.every((s) => sameStep(s, first))) continue;
    shared.push({
      step: first,
      products: having.length === lines.length ? null : [...new Set(having.map((l) => l.productName))],
    });
  }
  return shared;
}

/** A line's steps that are its own: those not said once above the lines. */
export function ownSteps(line: Pick<ReadinessLine, "steps">, shared: readonly SharedStep[]): ReadinessStep[] {
  return line.steps.filter((s) => !shared.some((x) => x.step.key === s.key));
}

/* ---- The dashboard's next steps (issue 37 §5) ---- */

/** One of the dashboard's next steps drawn from the ready-to-sell lines (the shape of a pending task). */
export interface ReadinessTask {
  key: string;
  text: string;
  to: string;
  hint: string;
  step: ReadinessStepKey;
  /** The documents hold it back (the documents step, or a contract request they block): the documents task says so. */
  byDocuments: boolean;
}

const PRODUCTS_NAMED = 3;

/**
 * Issue 37 §5: "'No pending tasks' while Ready to Sell lists 12 products needing a step: next steps read the same rules
 * as Ready to Sell." The lines are readinessOf's; for each line not ready, its first step the agent must act on (the
 * first blocked one, in the steps' order), grouped by step and fix. One line: its fix ("Contract Now: Summit Mutual
 * Medicare Supplement"), the step's text under it; several: the count, to Ready to Sell, which lists each with its own
 * fix. A line only waiting on the desk or the carrier is no task of the agent's. In the steps' order.
 */
export function readinessTasks(lines: readonly ReadinessLine[]): ReadinessTask[] {
  const groups = new Map<string, { step: ReadinessStep; fix: StepFix; lines: ReadinessLine[] }>();
  for (const line of lines) {
    const step = line.steps.find((s) => s.status === "blocked");
    if (line.ready || !step?.fix) continue;
    const id = `${step.key}:${step.fix.label}`;
    const group = groups.get(id) ?? { step, fix: step.fix, lines: [] };
    group.lines.push(line);
    groups.set(id, group);
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => READINESS_STEPS.indexOf(a.step.key) - READINESS_STEPS.indexOf(b.step.key))
    .map(([id, { step, fix, lines: held }]) => {
      const names = held.map((l) => `${l.carrierName} ${l.productName}`);
      const byDocuments = step.key === "documents" || (step.key === "contract" && fix.href === PROFILE_DOCUMENTS);
      if (held.length === 1)
        return {
          key: `readiness-${id}`,
          text: `${fix.label}: ${names[0]}`,
          to: fix.external ? READY_TO_SELL_HREF : fix.href,
          hint: step.text,
          step: step.key,
          byDocuments,
        };
      const more = names.length - PRODUCTS_NAMED;
      const named = more > 0 ? `${names.slice(0, PRODUCTS_NAMED).join(", ")} and ${more} more` : names.join(", ");
      return {
        key: `readiness-${id}`,
        text: `${fix.label}: ${held.length} products`,
        to: READY_TO_SELL_HREF,
        hint: `${STEP_TITLES[step.key]} step next for ${named}. Ready to Sell lists each.`,
        step: step.key,
        byDocuments,
      };
    });
}
