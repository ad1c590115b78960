/**
 * The carrier enrollments section's records (issue 24 §3): the enrollment records carriers send us (their feeds),
 * with the fields of the design notes' "Enrollments" (writing agent and NPN, carrier, plan and plan type, contract–PBP
 * id, client, county and state, status with RFI and its last update, the dates, termination reason, confirmation
 * number). Each record keeps its raw payload as it arrived (the JSON viewer, carrier_enrollments/modal/json_viewer).
 * Pure types and labels, shared by the pages and the upstream.
 */

export const ENROLLMENT_STATUSES = ["submitted", "pending", "rfi", "enrolled", "rejected", "terminated"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  submitted: "Submitted",
  pending: "Pending at the carrier",
  rfi: "RFI: information requested",
  enrolled: "Enrolled",
  rejected: "Rejected",
  terminated: "Terminated",
};

export const ENROLLMENT_STATUS_COLORS = {
  submitted: "gray",
  pending: "blue",
  rfi: "yellow",
  enrolled: "green",
  rejected: "red",
  terminated: "red",
} as const;

export const PLAN_TYPES = ["MAPD", "MA", "PDP", "DSNP", "MedSupp"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const PLAN_TYPE_LABELS: Record<PlanType, string> = {
  MAPD: "Medicare Advantage with drugs (MAPD)",
  MA: "Medicare Advantage (MA)",
  PDP: "Prescription drug plan (PDP)",
  DSNP: "Dual special needs plan (D-SNP)",
  MedSupp: "Medicare Supplement",
};

/** A contract–PBP id: the CMS contract (a letter and 4 digits) and the plan benefit package (3 digits): H1234-001. */
export const isContractPbp = (value: string) => /^[A-Z]\d{4}-\d{3}$/.test(value);

/** The raw payload's viewer of a record (spec §2 carrier_enrollments/modal/json_viewer). */
export const payloadHref = (id: number) => `/admin/carrier_enrollments/modal/json_viewer?id=${id}`;

export interface AdminCarrierEnrollment {
  id: number;
  carrier: { id: number; name: string };
  /** The writing agent as the carrier names them, and the portal's user of that NPN (null: no user has it). */
  agent: { userId: number | null; name: string; npn: string | null };
  planName: string;
  planType: PlanType;
  /** H1234-001 (null for a Medicare Supplement, which has none). */
  contractPbp: string | null;
  client: { name: string; id: string; dateOfBirth: string };
  county: string;
  state: string;
  status: EnrollmentStatus;
  /** When the carrier last changed the status (ISO timestamp). */
  statusUpdatedAt: string;
  /** YYYY-MM-DD */
  submittedOn: string;
  effectiveOn: string | null;
  terminatedOn: string | null;
  terminationReason: string | null;
  confirmationNumber: string;
  /** When the record arrived from the carrier (ISO timestamp). */
  receivedAt: string;
  /** What the carrier asks for while the status is RFI ("Proof of residence in the service area"); else null. */
  rfiRequest: string | null;
  /** The raw payload's size in bytes (the JSON viewer shows it). */
  payloadBytes: number;
}

/** The raw payload of one record, as it arrived (text, verbatim: it may not even be valid JSON). */
export interface CarrierEnrollmentPayload {
  id: number;
  confirmationNumber: string;
  carrierName: string;
  payload: string;
}
