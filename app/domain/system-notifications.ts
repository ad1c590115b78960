/** What a system notification (spec §3 "Notification state: … system notifications") says about its dates. */
export interface NoticeDates {
  publishedAt: string;
  /** When the notice ends (ISO timestamp); null: it stays until it is withdrawn. */
  endsAt: string | null;
}

/**
 * Issue 20: a notice ends. It shows until its end (exclusive); an ended notice is not shown. An end the
 * portal cannot read counts as none, so a notice is never hidden by a date it cannot read.
 */
export function isCurrentNotice(notice: NoticeDates | Pick<NoticeDates, "endsAt">, now: Date): boolean {
  if (notice.endsAt === null) return true;
  const ends = Date.parse(notice.endsAt);
  return Number.isNaN(ends) || ends > now.getTime();
}

/** The notices that show at `now`, in the upstream's order. */
export function currentNotices<T extends NoticeDates>(notices: readonly T[], now: Date): T[] {
  return notices.filter((notice) => isCurrentNotice(notice, now));
}

export type NoticeSeverity = "info" | "warning" | "critical";

export interface FoldedNotices<T> {
  /** Shown in full, first. */
  full: T[];
  /** Folded into one line that opens them, in the upstream's order. */
  folded: T[];
}

/**
 * Issue 37 §3, "Notices leave room for the page": "Show the critical ones in full and fold the rest into one line
 * ('3 more notices') that opens them … The page's own heading starts in the top 320 px of a phone whatever the number
 * of notices." A notice of severity critical is shown in full; so that the heading keeps its place however many there
 * are, only the first (the upstream's order: the newest) is, and the others fold with the rest, the line naming how
 * many of them are critical. A lone notice is shown in full: there is nothing to fold it with.
 */
export function foldNotices<T extends { severity: NoticeSeverity }>(notices: readonly T[]): FoldedNotices<T> {
  if (notices.length <= 1) return { full: [...notices], folded: [] };
  const lead = notices.find((n) => n.severity === "critical");
  return lead ? { full: [lead], folded: notices.filter((n) => n !== lead) } : { full: [], folded: [...notices] };
}

const SEVERITY_RANK: Readonly<Record<NoticeSeverity, number>> = { info: 0, warning: 1, critical: 2 };

/** The most severe of the notices (the folded line's color), info when there are none. */
export function mostSevere(notices: ReadonlyArray<{ severity: NoticeSeverity }>): NoticeSeverity {
  return notices.reduce<NoticeSeverity>(
    (worst, n) => (SEVERITY_RANK[n.severity] > SEVERITY_RANK[worst] ? n.severity : worst),
    "info",
  );
}

/** The folded line: "4 notifications", "3 more notifications" after one shown in full, ", 1 critical" when it holds critical ones. */
export function foldedNoticesText(folded: ReadonlyArray<{ severity: NoticeSeverity }>, afterFull: boolean): string {
  const n = folded.length;
  const critical = folded.filter((x) => x.severity === "critical").length;
  const count = `${n} ${afterFull ? "more " : ""}${n === 1 ? "notification" : "notifications"}`;
  return critical > 0 ? `${count}, ${critical} critical` : count;
}
