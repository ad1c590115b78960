/** Today's date in UTC (YYYY-MM-DD): the reference API's "today" for expiry dates and date rules. */
export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}
