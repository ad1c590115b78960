/**
 * The carrier enrollments' and notifications' seed (issue 24 §3–4): ~300 enrollment records the carriers sent over
 * the last five months for agent@ (1), loa@ (3), docs@ (4), agency@ (5), onboarding@ (7), expired@ (11) and bulk
 * agents (their NPNs), every status, each with its raw payload as the carrier's feed has it (each carrier its own
 * field names, some pretty-printed, some compact); one of Keystone's carries HTML in a note, as their feed does.
 * Then ~60 notifications about those agents and policies (RFI notices, terminations, chargebacks announced,
 * certification results), most handled, the newest not; docs@ has RFI notices and a certification not passed that
 * can be sent to their document notifications. Deterministic (a seeded PRNG), dates relative to the seed day.
 */
import type { InStatement } from "@libsql/client";
import { SEED_USERS } from "../accounts/seed.ts";
import { BULK_USERS } from "../admin-people/seed.ts";
import { SEED_CARRIERS } from "../contracting/seed.ts";
import { MEMBER_FIRST_NAMES, MEMBER_LAST_NAMES } from "../seed/member-names.ts";
import { perSeedDay, type SeedDates } from "../seed/seed-dates.ts";

type Status = "submitted" | "pending" | "rfi" | "enrolled" | "rejected" | "terminated";
type PlanType = "MAPD" | "MA" | "PDP" | "DSNP" | "MedSupp";

export interface SeedCarrierEnrollment {
  id: number;
  carrierId: number;
  userId: number | null;
  writingAgent: string;
  writingAgentNpn: string | null;
  planName: string;
  planType: PlanType;
  contractPbp: string | null;
  clientName: string;
  clientId: string;
  clientDob: string;
  county: string;
  state: string;
  status: Status;
  statusUpdatedAt: string;
  submittedOn: string;
  effectiveOn: string | null;
  terminatedOn: string | null;
  terminationReason: string | null;
  confirmationNumber: string;
  receivedAt: string;
  rawPayload: string;
  /** What the carrier asks for while the status is RFI (its RFI notice says the same); else null. */
  rfiRequest: string | null;
}

export interface SeedCarrierNotification {
  id: number;
  carrierId: number;
  kind: "rfi" | "termination" | "chargeback" | "certification";
  userId: number | null;
  policyNumber: string | null;
  enrollmentId: number | null;
  subject: string;
  message: string;
  receivedAt: string;
  handledAt: string | null;
  handledBy: number | null;
  handledNote: string | null;
  documentName: string | null;
  routedAt: string | null;
}

/** The five carriers sending enrollment feeds, and their plans (contract–PBP ids: a letter, 4 digits, 3 digits). */
const PLANS: ReadonlyArray<{ carrierId: number; name: string; type: PlanType; contract: string | null }> = [
  { carrierId: 1, name: "Blue Harbor Advantage Plus (HMO)", type: "MAPD", contract: "H2174-012" },
  { carrierId: 1, name: "Blue Harbor Dual Care (HMO D-SNP)", type: "DSNP", contract: "H2174-031" },
  { carrierId: 1, name: "Blue Harbor Rx Saver (PDP)", type: "PDP", contract: "S5810-004" },
  { carrierId: 2, name: "Summit Choice (PPO)", type: "MAPD", contract: "H3361-007" },
  { carrierId: 2, name: "Summit Essentials (PPO)", type: "MA", contract: "H3361-019" },
  { carrierId: 2, name: "Summit Supplement Plan N", type: "MedSupp", contract: null },
  { carrierId: 3, name: "Evergreen Complete (HMO-POS)", type: "MAPD", contract: "H4509-002" },
  { carrierId: 3, name: "Evergreen Rx Plus (PDP)", type: "PDP", contract: "S7126-011" },
  { carrierId: 4, name: "Pioneer Medigap Plan G", type: "MedSupp", contract: null },
  { carrierId: 4, name: "Pioneer Advantage Value (HMO)", type: "MAPD", contract: "H5522-043" },
  { carrierId: 5, name: "Keystone Senior Select (PPO)", type: "MAPD", contract: "H6093-005" },
  { carrierId: 5, name: "Keystone Dual Advantage (HMO D-SNP)", type: "DSNP", contract: "H6093-021" },
];

const COUNTIES: ReadonlyArray<readonly [county: string, state: string, zip: string]> = [
  ["Maricopa", "AZ", "85004"],
  ["Pima", "AZ", "85701"],
  ["Miami-Dade", "FL", "33130"],
  ["Hillsborough", "FL", "33602"],
  ["Harris", "TX", "77002"],
  ["Bexar", "TX", "78205"],
  ["Cuyahoga", "OH", "44113"],
  ["Franklin", "OH", "43215"],
  ["Allegheny", "PA", "15219"],
  ["Fulton", "GA", "30303"],
  ["Wake", "NC", "27601"],
  ["Clark", "NV", "89101"],
];

const STREETS = ["Maple Ave", "Oak St", "Sunset Blvd", "Lakeview Dr", "Cedar Ln", "Park Pl", "Willow Way", "Main St"];

const TERMINATION_REASONS = [
  "Voluntary disenrollment: member enrolled in another plan",
  "Member moved out of the service area",
  "Non-payment of premium",
  "Member deceased",
  "Loss of Medicaid eligibility (D-SNP)",
];

const REJECTION_REASONS = [
  "Medicare id does not match CMS records",
  "Not entitled to Part A and Part B on the effective date",
  "Duplicate application",
];

/** mulberry32: the same records on every run. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The writing agents: [user id, name, NPN, count]. */
function writers(): Array<readonly [number, string, string, number]> {
  const own = (id: number, count: number) => {
    const u = SEED_USERS.find((s) => s.id === id)!;
    return [id, `${u.firstName} ${u.lastName}`, u.npnNumber!, count] as const;
  };
  const bulk = BULK_USERS.filter((u) => u.kind === "Agent" && u.status === "active" && u.npnNumber)
    .slice(0, 24)
    .map((u, i) => [u.id, `${u.firstName} ${u.lastName}`, u.npnNumber!, 8 + (i % 5)] as const);
  return [own(1, 24), own(3, 8), own(4, 10), own(5, 12), own(7, 4), own(11, 6), ...bulk];
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** A Medicare beneficiary identifier's shape: 1EG4-TE5-MK73 without dashes (11 characters). */
function medicareId(random: () => number): string {
  const letters = "ACDEFGHJKMNPQRTUVWXY";
  const l = () => letters[Math.floor(random() * letters.length)]!;
  const d = () => String(Math.floor(random() * 10));
  return `${1 + Math.floor(random() * 9)}${l()}${l()}${d()}${l()}${l()}${d()}${l()}${l()}${d()}${d()}`;
}

function statusFor(daysAgo: number, r: number): Status {
  if (daysAgo <= 5) return r < 0.55 ? "submitted" : r < 0.85 ? "pending" : "rfi";
  if (daysAgo <= 20) return r < 0.2 ? "pending" : r < 0.35 ? "rfi" : r < 0.9 ? "enrolled" : "rejected";
  return r < 0.78 ? "enrolled" : r < 0.86 ? "rejected" : r < 0.9 ? "rfi" : "terminated";
}

/** The carrier's own payload: each carrier names its fields its own way, as real feeds do. */
function payloadOf(
  e: Omit<SeedCarrierEnrollment, "rawPayload">,
  extra: { street: string; zip: string; phone: string },
) {
  const [first, ...rest] = e.clientName.split(" ");
  const last = rest.join(" ");
  switch (e.carrierId) {
    case 1:
      return JSON.stringify(
        {
          feed: "BHH-ENR-DAILY",
          version: "3.2",
          application: {
            confirmation: e.confirmationNumber,
            signedDate: e.submittedOn,
            status: { code: e.status.toUpperCase(), updated: e.statusUpdatedAt },
            effectiveDate: e.effectiveOn,
          },
          applicant: {
            name: { first, last },
            birthDate: e.clientDob,
            mbi: e.clientId,
            address: { line1: extra.street, county: e.county, state: e.state, zip: extra.zip },
            phone: extra.phone,
          },
          plan: { name: e.planName, type: e.planType, contractPbp: e.contractPbp },
          broker: { name: e.writingAgent, npn: e.writingAgentNpn },
          ...(e.terminatedOn ? { disenrollment: { date: e.terminatedOn, reason: e.terminationReason } } : {}),
        },
        null,
        2,
      );
    case 2:
      return JSON.stringify({
        record_type: "ENROLLMENT",
        conf_no: e.confirmationNumber,
        agent_npn: e.writingAgentNpn,
        agent_name: e.writingAgent,
        member: { first_name: first, last_name: last, dob: e.clientDob, medicare_id: e.clientId },
        county: e.county,
        state: e.state,
        plan: {
          contract_id: e.contractPbp?.slice(0, 5) ?? null,
          pbp: e.contractPbp?.slice(6) ?? null,
          name: e.planName,
        },
        dates: { app_received: e.submittedOn, effective: e.effectiveOn, term: e.terminatedOn },
        status: e.status,
        term_reason: e.terminationReason,
      });
    case 3:
      return JSON.stringify(
        {
          header: { source: "Evergreen Life & Health", sentAt: e.receivedAt },
          enrollment: {
            id: e.confirmationNumber,
            statusHistory: [
              { status: "submitted", at: `${e.submittedOn}T12:00:00.000Z` },
              ...(e.status === "submitted" ? [] : [{ status: e.status, at: e.statusUpdatedAt }]),
            ],
            coverage: { start: e.effectiveOn, end: e.terminatedOn, endReason: e.terminationReason },
            product: { planName: e.planName, planType: e.planType, hContract: e.contractPbp },
          },
          beneficiary: { fullName: e.clientName, dob: e.clientDob, mbi: e.clientId, county: e.county, st: e.state },
          producer: { npn: e.writingAgentNpn, fullName: e.writingAgent },
        },
        null,
        2,
      );
    case 4:
      return JSON.stringify({
        PolicyApplication: {
          ConfirmationNumber: e.confirmationNumber,
          Status: e.status,
          StatusDate: e.statusUpdatedAt,
          Insured: { FirstName: first, LastName: last, DateOfBirth: e.clientDob, MedicareNumber: e.clientId },
          Residence: { Street: extra.street, County: e.county, State: e.state, PostalCode: extra.zip },
          Product: { Name: e.planName, Type: e.planType, ContractPBP: e.contractPbp },
          WritingProducer: { Name: e.writingAgent, NPN: e.writingAgentNpn },
          Dates: { Signed: e.submittedOn, Effective: e.effectiveOn, Terminated: e.terminatedOn },
          TerminationReason: e.terminationReason,
        },
      });
    default:
      return JSON.stringify(
        {
          type: "enrollment.updated",
          data: {
            confirmation_number: e.confirmationNumber,
            status: e.status,
            status_updated_at: e.statusUpdatedAt,
            member: { name: e.clientName, dob: e.clientDob, mbi: e.clientId, county: e.county, state: e.state },
            plan: { name: e.planName, type: e.planType, contract_pbp: e.contractPbp },
            agent: { name: e.writingAgent, npn: e.writingAgentNpn },
            effective_date: e.effectiveOn,
            termination: e.terminatedOn ? { date: e.terminatedOn, reason: e.terminationReason } : null,
            notes: [],
          },
        },
        null,
        2,
      );
  }
}

/** What a carrier asks for in an RFI (picked by the record's id, so the seed's random draws stay as they were). */
export const RFI_REQUESTS = [
  "Proof of residence in the service area",
  "A Medicare id that matches CMS records",
  "The member's signature on the attestation of eligibility",
  "Proof of Medicaid eligibility for the dual special needs plan",
] as const;

/** The Keystone record whose note carries HTML, as Keystone's feed sends it (the viewer shows it as text). */
export const HTML_NOTE = "<b>Call member</b> before 5pm<br><script>alert('x')</script>";

export const seedCarrierEnrollments = perSeedDay((dates: SeedDates): SeedCarrierEnrollment[] => {
  const rows: SeedCarrierEnrollment[] = [];
  for (const [index, [userId, name, npn, count]] of writers().entries()) {
    const random = seededRandom(0xca771e00 + index * 104729);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    for (let i = 0; i < count; i++) {
      const id = rows.length + 1;
      const daysAgo = 1 + Math.floor((i * 150) / count) + Math.floor(random() * 5);
      const plan = PLANS[(id * 7 + Math.floor(random() * 5)) % PLANS.length]!;
      const [county, state, zip] = pick(COUNTIES);
      const status = statusFor(daysAgo, random());
      const submittedOn = dates.daysFromNow(-daysAgo);
      const updatedDaysAgo = status === "submitted" ? daysAgo : Math.max(0, daysAgo - 1 - Math.floor(random() * 7));
      const effectiveOn =
        status === "rejected" ? null : dates.monthStart(Math.max(-4, Math.round((15 - daysAgo) / 30) + 1));
      const terminated = status === "terminated";
      const age = 65 + Math.floor(random() * 20);
      const dob = `${Number(dates.day.slice(0, 4)) - age}-${pad(1 + Math.floor(random() * 12), 2)}-${pad(1 + Math.floor(random() * 28), 2)}`;
      const e: Omit<SeedCarrierEnrollment, "rawPayload"> = {
        id,
        carrierId: plan.carrierId,
        userId,
        writingAgent: name,
        writingAgentNpn: npn,
        planName: plan.name,
        planType: plan.type,
        contractPbp: plan.contract,
        clientName: `${pick(MEMBER_FIRST_NAMES)} ${pick(MEMBER_LAST_NAMES)}`,
        clientId: medicareId(random),
        clientDob: dob,
        county,
        state,
        status,
        statusUpdatedAt: dates.daysAgo(
          updatedDaysAgo,
          `${pad(8 + Math.floor(random() * 10), 2)}:${pad(Math.floor(random() * 60), 2)}`,
        ),
        submittedOn,
        effectiveOn,
        terminatedOn: terminated ? dates.daysFromNow(-Math.floor(daysAgo / 3)) : null,
        terminationReason: terminated
          ? pick(TERMINATION_REASONS)
          : status === "rejected"
            ? pick(REJECTION_REASONS)
            : null,
        confirmationNumber: `${["BH", "SM", "EV", "PB", "KS"][plan.carrierId - 1]}-${pad((id * 7919) % 1_000_000, 6)}`,
        rfiRequest: status === "rfi" ? RFI_REQUESTS[id % RFI_REQUESTS.length]! : null,
        receivedAt: "",
      };
      // The feed delivers the latest change a quarter of an hour after the carrier made it.
      e.receivedAt = new Date(Date.parse(e.statusUpdatedAt) + 15 * 60_000).toISOString();
      const extra = {
        street: `${100 + Math.floor(random() * 9800)} ${pick(STREETS)}`,
        zip,
        phone: `(${200 + Math.floor(random() * 700)}) 555-${pad(Math.floor(random() * 10000), 4)}`,
      };
      rows.push({ ...e, rawPayload: payloadOf(e, extra) });
    }
  }
  // Keystone's notes field carries markup from their call center's tool.
  const keystone = rows.find((r) => r.carrierId === 5 && r.userId === 1);
  if (keystone) {
    const parsed = JSON.parse(keystone.rawPayload) as { data: { notes: string[] } };
    parsed.data.notes = [HTML_NOTE];
    keystone.rawPayload = JSON.stringify(parsed, null, 2);
  }
  return rows;
});

/** The notifications docs@ (4) has waiting, which the e2e tests send to their document notifications. */
export const DOCS_RFI_SUBJECTS = [
  "RFI: proof of residence needed for an enrollment",
  "RFI: Medicare id does not match for an enrollment",
] as const;

export const seedCarrierNotifications = perSeedDay((dates: SeedDates): SeedCarrierNotification[] => {
  const enrollments = seedCarrierEnrollments(dates);
  const carrierName = (id: number) => SEED_CARRIERS.find((c) => c.id === id)!.name;
  const rows: SeedCarrierNotification[] = [];
  const admins = [9, 13] as const;
  const add = (
    n: Omit<SeedCarrierNotification, "id" | "receivedAt" | "handledAt" | "handledBy" | "handledNote" | "routedAt">,
    daysAgo: number,
  ) => {
    const id = rows.length + 1;
    // The last week's are waiting; older ones were handled a day or two after they came, some with a note.
    const handled = daysAgo > 7;
    const routed = handled && n.documentName !== null && n.userId !== null && n.userId !== 4;
    rows.push({
      ...n,
      id,
      receivedAt: dates.daysAgo(daysAgo, `${pad(6 + (id % 4), 2)}:${pad((id * 17) % 60, 2)}`),
      handledAt: handled ? dates.daysAgo(daysAgo - 1 - (id % 2), "15:30") : null,
      handledBy: handled ? admins[id % 2]! : null,
      handledNote: handled && id % 3 === 0 ? "Agent called; the carrier has what it needs." : null,
      routedAt: routed ? dates.daysAgo(daysAgo - 1, "10:00") : null,
    });
  };
  // RFI notices for the enrollments in RFI.
  for (const e of enrollments.filter((r) => r.status === "rfi" && r.userId !== 4).slice(0, 24)) {
    const daysAgo = Math.max(
      1,
      Math.round((Date.parse(`${dates.day}T12:00:00Z`) - Date.parse(e.statusUpdatedAt)) / 86_400_000),
    );
    const what = e.rfiRequest!.charAt(0).toLowerCase() + e.rfiRequest!.slice(1);
    add(
      {
        carrierId: e.carrierId,
        kind: "rfi",
        userId: e.userId,
        policyNumber: e.confirmationNumber,
        enrollmentId: e.id,
        subject: `RFI: ${what} for ${e.clientName}`,
        message: `${carrierName(e.carrierId)} needs ${what} for the enrollment ${e.confirmationNumber} (${e.planName}) within 21 days, or the application is denied.`,
        documentName: `${carrierName(e.carrierId)} RFI ${e.confirmationNumber}`,
      },
      daysAgo,
    );
  }
  // Terminations and chargebacks announced for terminated enrollments.
  for (const e of enrollments.filter((r) => r.status === "terminated").slice(0, 14)) {
    const daysAgo = 3 + ((e.id * 11) % 60);
    add(
      {
        carrierId: e.carrierId,
        kind: "termination",
        userId: e.userId,
        policyNumber: e.confirmationNumber,
        enrollmentId: e.id,
        subject: `Termination: ${e.clientName}, ${e.planName}`,
        message: `Coverage ended on ${e.terminatedOn}. Reason: ${e.terminationReason}.`,
        documentName: null,
      },
      daysAgo,
    );
    if (e.id % 2 === 0)
      add(
        {
          carrierId: e.carrierId,
          kind: "chargeback",
          userId: e.userId,
          policyNumber: e.confirmationNumber,
          enrollmentId: e.id,
          subject: `Chargeback announced: ${e.confirmationNumber}`,
          message: `The member disenrolled within the first year: the commission paid for ${e.clientName} will be charged back, prorated, on the next statement.`,
          documentName: null,
        },
        daysAgo - 1,
      );
  }
  // Certification results for the plan year.
  const certified = [
    1,
    3,
    5,
    7,
    11,
    ...BULK_USERS.filter((u) => u.kind === "Agent" && u.status === "active")
      .slice(0, 8)
      .map((u) => u.id),
  ];
  certified.forEach((userId, i) => {
    const carrierId = 1 + (i % 5);
    const passed = i % 4 !== 2;
    add(
      {
        carrierId,
        kind: "certification",
        userId,
        policyNumber: null,
        enrollmentId: null,
        subject: passed ? "Certification complete for the plan year" : "Certification not passed",
        message: passed
          ? `${carrierName(carrierId)} product training and AHIP verified: ready to sell for the plan year.`
          : `${carrierName(carrierId)} could not verify the AHIP certificate on file: send a current certificate to be ready to sell.`,
        documentName: passed ? null : "AHIP Certificate",
      },
      2 + ((i * 9) % 40),
    );
  });
  // docs@'s waiting RFI notices (the e2e tests send them to docs@'s document notifications).
  const docs = enrollments.filter((r) => r.userId === 4);
  DOCS_RFI_SUBJECTS.forEach((subject, i) => {
    const e = docs[i]!;
    add(
      {
        carrierId: e.carrierId,
        kind: "rfi",
        userId: 4,
        policyNumber: e.confirmationNumber,
        enrollmentId: e.id,
        subject,
        message: `${carrierName(e.carrierId)} asks for ${i === 0 ? "proof of residence" : "the member's Medicare card"} for the enrollment ${e.confirmationNumber} of ${e.clientName} within 21 days.`,
        documentName: `${carrierName(e.carrierId)} RFI ${e.confirmationNumber}`,
      },
      1 + i,
    );
  });
  // A notice about a producer who is not ours (no user has the NPN).
  add(
    {
      carrierId: 2,
      kind: "termination",
      userId: null,
      policyNumber: null,
      enrollmentId: null,
      subject: "Producer appointment terminated: NPN 99887766",
      message:
        "Summit Mutual terminated the appointment of NPN 99887766 (not an agent of this agency, sent in error?).",
      documentName: null,
    },
    4,
  );
  return rows.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt)).map((r, i) => ({ ...r, id: i + 1 }));
});

/** The INSERT statements (seed/seed.ts), 100 rows a statement. */
export function carrierEnrollmentStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  const enrollments = seedCarrierEnrollments(dates);
  for (let start = 0; start < enrollments.length; start += 100) {
    const chunk = enrollments.slice(start, start + 100);
    statements.push({
      sql: `INSERT INTO carrier_enrollments (id, carrier_id, user_id, writing_agent, writing_agent_npn, plan_name,
              plan_type, contract_pbp, client_name, client_id, client_dob, county, state, status, status_updated_at,
              submitted_on, effective_on, terminated_on, termination_reason, confirmation_number, received_at,
              raw_payload, rfi_request) VALUES ${chunk.map(() => `(${Array(23).fill("?").join(", ")})`).join(", ")}`,
      args: chunk.flatMap((e) => [
        e.id,
        e.carrierId,
        e.userId,
        e.writingAgent,
        e.writingAgentNpn,
        e.planName,
        e.planType,
        e.contractPbp,
        e.clientName,
        e.clientId,
        e.clientDob,
        e.county,
        e.state,
        e.status,
        e.statusUpdatedAt,
        e.submittedOn,
        e.effectiveOn,
        e.terminatedOn,
        e.terminationReason,
        e.confirmationNumber,
        e.receivedAt,
        e.rawPayload,
        e.rfiRequest,
      ]),
    });
  }
  for (const n of seedCarrierNotifications(dates))
    statements.push({
      sql: `INSERT INTO carrier_notifications (id, carrier_id, kind, user_id, policy_number, enrollment_id, subject,
              message, received_at, handled_at, handled_by, handled_note, document_name, routed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        n.id,
        n.carrierId,
        n.kind,
        n.userId,
        n.policyNumber,
        n.enrollmentId,
        n.subject,
        n.message,
        n.receivedAt,
        n.handledAt,
        n.handledBy,
        n.handledNote,
        n.documentName,
        n.routedAt,
      ],
    });
  return statements;
}
