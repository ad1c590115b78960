/** What the section's list and pages show of an entry: its status tag, the period as words. Pure. */
import { Tag } from "~/components/admin/tag";
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from "./records";

const STATUS_COLORS = { pending: "yellow", approved: "green", rejected: "red" } as const;

export function PayoutStatusTag({ status }: { status: PayoutStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{PAYOUT_STATUS_LABELS[status]}</Tag>;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2025-03" → "Mar 2025". */
export function periodText(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return MONTHS[month - 1] ? `${MONTHS[month - 1]} ${year}` : period;
}
