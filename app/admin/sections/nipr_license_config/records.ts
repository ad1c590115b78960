/**
 * NIPR license settings (issue 24 §6): the connection to NIPR (the password write-only: the upstream never answers
 * it, only whether one is set), which producers are tracked (every active one, or a chosen list; NIPR bills each
 * tracked producer per month), the fallback scans, and the warning window before a licence expires (the profile's
 * "Expires soon" mark follows it). Pure types and the cost rule the page and the upstream share.
 */
import { formatCents } from "../../../domain/cents";

export const NIPR_TRACKING = ["all", "chosen"] as const;
export type NiprTracking = (typeof NIPR_TRACKING)[number];
export const NIPR_TRACKING_LABELS: Record<NiprTracking, string> = {
  all: "Every active agent",
  chosen: "A chosen list of agents",
};

export const NIPR_SCANS = ["weekly", "monthly"] as const;
export type NiprScan = (typeof NIPR_SCANS)[number];
export const NIPR_SCAN_LABELS: Record<NiprScan, string> = { weekly: "Weekly", monthly: "Monthly" };

export const MIN_WARNING_DAYS = 1;
export const MAX_WARNING_DAYS = 365;

export interface NiprLicenseConfig {
  username: string;
  /** Whether a password is saved (the password itself never leaves the upstream). */
  passwordSet: boolean;
  tracking: NiprTracking;
  /** The chosen list (kept while every active producer is tracked). */
  trackedUserIds: number[];
  /** How many producers are active (what "every active producer" tracks). */
  activeProducers: number;
  /** NIPR's price per tracked producer and month, whole cents. */
  costCents: number;
  activeScan: NiprScan;
  inactiveScan: NiprScan;
  warningDays: number;
}

/** "12 producers × $0.95 = $11.40/month". */
export function monthlyCostText(producers: number, costCents: number): string {
  return `${producers} ${producers === 1 ? "agent" : "agents"} × ${formatCents(costCents)} = ${formatCents(producers * costCents)}/month`;
}
