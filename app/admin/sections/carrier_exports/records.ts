/**
 * The carrier exports section's records (issue 24 §2): the files we send carriers (new contract requests,
 * terminations, address changes), built on demand by an administrator or on a schedule per carrier and kind, each
 * run kept with its CSV. Pure types and the labels the pages and the upstream share.
 */

export const EXPORT_KINDS = ["new_contracts", "terminations", "address_changes"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_KIND_LABELS: Record<ExportKind, string> = {
  new_contracts: "New contract requests",
  terminations: "Terminations",
  address_changes: "Address changes",
};

export const EXPORT_TRIGGERS = ["manual", "schedule"] as const;
export type ExportTrigger = (typeof EXPORT_TRIGGERS)[number];

export const EXPORT_TRIGGER_LABELS: Record<ExportTrigger, string> = {
  manual: "Built on demand",
  schedule: "Scheduled",
};

export const EXPORT_FREQUENCIES = ["off", "daily", "weekly"] as const;
export type ExportFrequency = (typeof EXPORT_FREQUENCIES)[number];

export const EXPORT_FREQUENCY_LABELS: Record<ExportFrequency, string> = {
  off: "Off",
  daily: "Daily",
  weekly: "Weekly (Mondays)",
};

/** How many of a file's rows its page shows. */
export const PREVIEW_ROWS = 10;

export interface AdminCarrierExport {
  id: number;
  carrier: { id: number; name: string };
  kind: ExportKind;
  trigger: ExportTrigger;
  /** A scheduled run: its schedule's frequency; built on demand: null. */
  frequency: "daily" | "weekly" | null;
  /** Who built it on demand; a scheduled run: null. */
  builtBy: { id: number; name: string } | null;
  /** ISO: when it was built. */
  builtAt: string;
  /** ISO: the changes it carries happened after coveredFrom, up to coveredTo. */
  coveredFrom: string;
  coveredTo: string;
  rowCount: number;
  fileName: string;
}

/** A file's first rows, as its page shows them. */
export interface CarrierExportPreview {
  header: string[];
  rows: string[][];
}

/** A carrier's schedule: each kind's frequency. */
export interface CarrierExportSchedule {
  carrier: { id: number; name: string; active: boolean };
  frequencies: Record<ExportKind, ExportFrequency>;
  updatedAt: string | null;
}

/** "Blue Harbor Health · New contract requests" */
export const exportTitle = (e: Pick<AdminCarrierExport, "carrier" | "kind" | "id">) =>
  `${e.carrier.name} ${EXPORT_KIND_LABELS[e.kind].toLowerCase()} #${e.id}`;

/** Who built a run: the administrator, or its schedule. */
export const builtByText = (e: Pick<AdminCarrierExport, "builtBy" | "frequency">) =>
  e.builtBy ? e.builtBy.name : `${e.frequency === "daily" ? "Daily" : "Weekly"} schedule`;

/** A file's download (the portal's route streaming the upstream's CSV). */
export const downloadPath = (e: Pick<AdminCarrierExport, "id">) => `/admin/carrier_exports/${e.id}/file`;
