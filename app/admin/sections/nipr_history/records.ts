/**
 * NIPR history (issue 24 §8): every sync with NIPR's Producer Database: the daily alerts file, the fallback scans
 * (weekly for active licences, monthly for inactive ones) and an administrator's "Sync now" for one producer. Pure.
 */

export const NIPR_TRIGGERS = ["daily", "weekly", "monthly", "manual"] as const;
export type NiprTrigger = (typeof NIPR_TRIGGERS)[number];

export const NIPR_TRIGGER_LABELS: Record<NiprTrigger, string> = {
  daily: "Daily alerts file",
  weekly: "Weekly scan (active licenses)",
  monthly: "Monthly scan (inactive licenses)",
  manual: "Sync now",
};

export const NIPR_SYNC_STATUSES = ["succeeded", "partial", "failed"] as const;
export type NiprSyncStatus = (typeof NIPR_SYNC_STATUSES)[number];

export const NIPR_SYNC_STATUS_LABELS: Record<NiprSyncStatus, string> = {
  succeeded: "Succeeded",
  partial: "Some failed",
  failed: "Failed",
};

export const NIPR_SYNC_STATUS_COLORS = { succeeded: "green", partial: "yellow", failed: "red" } as const;

export interface AdminNiprSync {
  id: number;
  at: string;
  trigger: NiprTrigger;
  /** The administrator who asked (Sync now); null: the schedule. */
  by: string | null;
  /** How many producers were asked about. */
  producers: number;
  /** How many changes NIPR reported (alerts). */
  changes: number;
  /** What changed, in words. */
  summary: string;
  status: NiprSyncStatus;
  /** Each failure with its reason ("Thomas Becker (NPN 16554093): …"). */
  failures: string[];
}

/** The toast after Sync now, from the sync's summary. */
export const syncedText = (summary: string) => `Synced with NIPR: ${summary}`;
