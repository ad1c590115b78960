/**
 * Matching a Sunfire enrollment export's row to an existing client (issue 24 §5; admin-domain.md "Enrollments
 * (Sunfire)"; ADR 034). The rules, in this order, the first that applies deciding:
 *
 * 1. id — the row's client id is a client's id;
 * 2. e-mail with date of birth — both given and both the same as one client's;
 * 3. Medicare id — the same Medicare beneficiary identifier;
 * 4. phone with first name — the same phone number (its digits) and first name.
 *
 * A rule applies only when the row has every value it compares. A rule that finds one client matches it; a rule that
 * finds more than one makes the row ambiguous (a person decides: reconciled by hand), and no later rule is tried. When
 * no rule finds anyone the row is a new client. Values are compared as a person would: e-mail and names without case,
 * a Medicare id without case, spaces or dashes, a phone by its last ten digits. Pure: no I/O.
 */

export const MATCH_RULES = ["id", "emailDob", "medicareId", "phoneFirstName"] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

export const MATCH_RULE_LABELS: Record<MatchRule, string> = {
  id: "client id",
  emailDob: "e-mail and date of birth",
  medicareId: "Medicare id",
  phoneFirstName: "phone and first name",
};

/** A client as the rules see it (the reference API's sunfire_clients). */
export interface MatchableClient {
  id: string;
  firstName: string;
  email: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  medicareId: string | null;
  phone: string | null;
}

/** What a row gives to match with (blank: ""). dateOfBirth as YYYY-MM-DD, or "" when it is not a date. */
export interface ClientKeys {
  clientId: string;
  firstName: string;
  email: string;
  dateOfBirth: string;
  medicareId: string;
  phone: string;
}

export type ClientMatch =
  | { kind: "matched"; rule: MatchRule; clientId: string }
  | { kind: "ambiguous"; rule: MatchRule; candidates: string[] }
  | { kind: "new" };

const lower = (v: string | null | undefined) => (v ?? "").trim().toLowerCase();
export const normalEmail = lower;
export const normalMedicareId = (v: string | null | undefined) => (v ?? "").replace(/[\s-]/g, "").toUpperCase();
/** A US phone by its last ten digits ("" when it has fewer). */
export const normalPhone = (v: string | null | undefined) => {
  const digits = (v ?? "").replace(/\D/g, "");
  return digits.length >= 10 ? digits.slice(-10) : "";
};

/** The clients indexed by what each rule compares: built once per file. */
export interface ClientIndex {
  byId: Map<string, string>;
  byEmailDob: Map<string, string[]>;
  byMedicareId: Map<string, string[]>;
  byPhoneFirstName: Map<string, string[]>;
}

const add = (map: Map<string, string[]>, key: string, id: string) => {
  if (key === "") return;
  const ids = map.get(key);
  if (ids) {
    if (!ids.includes(id)) ids.push(id);
  } else map.set(key, [id]);
};

const emailDobKey = (email: string, dob: string) => (email && dob ? `${email}|${dob}` : "");
const phoneNameKey = (phone: string, firstName: string) => (phone && firstName ? `${phone}|${firstName}` : "");

export function clientIndex(clients: Iterable<MatchableClient>): ClientIndex {
  const index: ClientIndex = {
    byId: new Map(),
    byEmailDob: new Map(),
    byMedicareId: new Map(),
    byPhoneFirstName: new Map(),
  };
  for (const c of clients) addToIndex(index, c);
  return index;
}

/** Adds a client (one the import has just created) to the index. */
export function addToIndex(index: ClientIndex, c: MatchableClient): void {
  index.byId.set(lower(c.id), c.id);
  add(index.byEmailDob, emailDobKey(normalEmail(c.email), c.dateOfBirth ?? ""), c.id);
  add(index.byMedicareId, normalMedicareId(c.medicareId), c.id);
  add(index.byPhoneFirstName, phoneNameKey(normalPhone(c.phone), lower(c.firstName)), c.id);
}

/** The row's client by the rules, in their order (see the module's comment). */
export function matchClient(keys: ClientKeys, index: ClientIndex): ClientMatch {
  const byRule: Array<[MatchRule, string[] | undefined]> = [
    ["id", keys.clientId.trim() ? [index.byId.get(lower(keys.clientId))].filter((v) => v !== undefined) : undefined],
    ["emailDob", index.byEmailDob.get(emailDobKey(normalEmail(keys.email), keys.dateOfBirth))],
    ["medicareId", index.byMedicareId.get(normalMedicareId(keys.medicareId))],
    ["phoneFirstName", index.byPhoneFirstName.get(phoneNameKey(normalPhone(keys.phone), lower(keys.firstName)))],
  ];
  for (const [rule, found] of byRule) {
    const [only, ...others] = found ?? [];
    if (only === undefined) continue;
    if (others.length === 0) return { kind: "matched", rule, clientId: only };
    return { kind: "ambiguous", rule, candidates: [only, ...others].sort() };
  }
  return { kind: "new" };
}

/** How the pages say a match. */
export function clientMatchText(match: ClientMatch): string {
  if (match.kind === "new") return "New client";
  if (match.kind === "matched") return `Client ${match.clientId}, by ${MATCH_RULE_LABELS[match.rule]}`;
  return `Ambiguous: ${match.candidates.length} clients by ${MATCH_RULE_LABELS[match.rule]} (${match.candidates.join(", ")})`;
}
