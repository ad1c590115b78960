/** What the notices' pages call their severities, audiences and statuses (issue 22 §2.3). Pure. */
import type { Role } from "~/domain/user";
import type { AdminSystemNotification, NoticeAudience, NoticeSeverity, NoticeStatus } from "./records";

export const SEVERITY_LABELS: Record<NoticeSeverity, string> = {
  info: "Info",
  warning: "Warning",
  critical: "Critical",
};
/** The banner's colors (app/components/system-notifications.tsx), for the list's tags. */
export const SEVERITY_COLORS = { info: "blue", warning: "orange", critical: "red" } as const;
export const AUDIENCE_LABELS: Record<NoticeAudience, string> = {
  everyone: "Everyone",
  roles: "Some roles",
  agency: "One agency's hierarchy",
};
export const STATUS_LABELS: Record<NoticeStatus, string> = {
  scheduled: "Scheduled",
  current: "Showing",
  ended: "Ended",
};
export const STATUS_COLORS = { scheduled: "yellow", current: "green", ended: "gray" } as const;
export const ROLE_PLURALS: Record<Role, string> = {
  Agent: "Agents",
  Agency: "Agencies",
  Admin: "Administrators",
  Carrier: "Carrier staff",
};

/** Who a notice addresses, in words: "Everyone", "Agents, Agencies", "Chen Senior Benefits Group and its hierarchy". */
export function audienceText(n: Pick<AdminSystemNotification, "audience" | "roles" | "agency">): string {
  if (n.audience === "roles") return n.roles.map((r) => ROLE_PLURALS[r]).join(", ") || "No role";
  if (n.audience === "agency") return n.agency ? `${n.agency.name} and its hierarchy` : "An agency's hierarchy";
  return "Everyone";
}
