/**
 * The seed's calendar: every date of the seed is relative to the day the seed runs (UTC), so the demo
 * never ages (recertifications stay ahead, notifications stay recent, statements end last month).
 * The day can be pinned (seedStatements(seedDates("2030-03-10"))) so tests see a fixed calendar.
 */
import dayjs, { type Dayjs } from "dayjs";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);

export interface SeedDates {
  /** The seed day, YYYY-MM-DD (UTC). */
  readonly day: string;
  /** ISO timestamp `n` days before the seed day at `time` (HH:mm, UTC). */
  daysAgo(n: number, time?: string): string;
  /** YYYY-MM-DD `n` days after the seed day (negative: before). */
  daysFromNow(n: number): string;
  /** YYYY-MM: the month `n` months before the seed day's month (0: that month). */
  monthsAgo(n: number): string;
  /** YYYY-MM-DD: the first day of the month `n` months after the seed day's month (negative: before). */
  monthStart(n: number): string;
  /** YYYY-MM-DD: the last day of the month `n` months after the seed day's month (negative: before). */
  monthEnd(n: number): string;
}

const DAY = /^\d{4}-\d\d-\d\d$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The seed calendar of `day` (a YYYY-MM-DD string or a Date, its UTC day); by default today's. */
export function seedDates(day: string | Date = new Date()): SeedDates {
  if (typeof day === "string" && !DAY.test(day)) throw new Error(`Seed day must be YYYY-MM-DD, got ${day}`);
  const start: Dayjs = (typeof day === "string" ? dayjs.utc(day) : dayjs(day).utc()).startOf("day");
  // dayjs rolls 2026-02-30 over to March: a day string must round-trip.
  if (!start.isValid() || (typeof day === "string" && start.format("YYYY-MM-DD") !== day))
    throw new Error(`Invalid seed day ${String(day)}`);
  const month = start.startOf("month");
  return {
    day: start.format("YYYY-MM-DD"),
    daysAgo(n, time = "12:00") {
      if (!TIME.test(time)) throw new Error(`Seed time must be HH:mm, got ${time}`);
      const [hours, minutes] = time.split(":").map(Number) as [number, number];
      return start.subtract(n, "day").hour(hours).minute(minutes).toISOString();
    },
    daysFromNow: (n) => start.add(n, "day").format("YYYY-MM-DD"),
    monthsAgo: (n) => month.subtract(n, "month").format("YYYY-MM"),
    monthStart: (n) => month.add(n, "month").format("YYYY-MM-DD"),
    monthEnd: (n) => month.add(n, "month").endOf("month").format("YYYY-MM-DD"),
  };
}

/** A seed timestamp's UTC day as a notice names it: "Thursday, December 10" (issue 37 §3: texts that match their dates). */
export function spokenDay(iso: string): string {
  return dayjs.utc(iso).format("dddd, MMMM D");
}

/**
 * `build(dates)` computed once per seed day: reset() re-seeds often, and the generated books,
 * downlines and commission lines only change when the day does.
 */
export function perSeedDay<T>(build: (dates: SeedDates) => T): (dates: SeedDates) => T {
  let last: { day: string; value: T } | undefined;
  return (dates) => {
    if (last?.day !== dates.day) last = { day: dates.day, value: build(dates) };
    return last.value;
  };
}
