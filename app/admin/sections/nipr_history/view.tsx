import type { SectionView } from "~/components/admin/section-view";
import { StatusBadge } from "~/components/status-badge";
import { formatDateTimeUtc } from "~/domain/admin/times";
import { type AdminNiprSync, NIPR_SYNC_STATUS_LABELS, NIPR_TRIGGER_LABELS } from "./records";

/** "2026-11-26T06:00:00.000Z" → "11/26/2026 06:00 UTC" (the same text on the server and in any browser). */
const atText = formatDateTimeUtc;

export const view: SectionView<AdminNiprSync> = {
  key: "nipr_history",
  title: "NIPR history",
  singular: "sync",
  intro:
    "Every sync with NIPR's Producer Database: the daily alerts file, the fallback scans and each Sync now from an agent's page, with what changed and why an agent could not be synced.",
  columns: [
    { key: "at", header: "When", sortable: true, noWrap: true, cell: (s) => atText(s.at) },
    {
      key: "trigger",
      header: "Trigger",
      sortable: true,
      cell: (s) => (s.by ? `${NIPR_TRIGGER_LABELS[s.trigger]} by ${s.by}` : NIPR_TRIGGER_LABELS[s.trigger]),
    },
    { key: "producers", header: "Agents", sortable: true, noWrap: true, cell: (s) => s.producers },
    { key: "changes", header: "Changes", sortable: true, noWrap: true, cell: (s) => s.changes },
    { key: "summary", header: "What changed", cell: (s) => s.summary },
    {
      key: "status",
      header: "Status",
      noWrap: true,
      cell: (s) => <StatusBadge status={NIPR_SYNC_STATUS_LABELS[s.status]} />,
    },
    {
      key: "failures",
      header: "Failures",
      cell: (s) =>
        s.failures.length ? (
          <ul className="plain-list">
            {s.failures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : (
          "None"
        ),
    },
  ],
  stack: true,
  filters: [
    { name: "trigger", label: "Trigger" },
    { name: "status", label: "Status" },
    { name: "period", label: "Month" },
  ],
  rowLabel: (s) => `sync ${s.id} (${atText(s.at)})`,
  empty: "No syncs yet: the daily alerts file arrives on weekdays.",
  noMatch: "No syncs match this search or these filters.",
  recordTitle: (s) => `Sync ${s.id}`,
};
