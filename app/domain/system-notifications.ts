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
