import dayjs from "dayjs";

/** Spec §9: date formats MM/DD/YYYY and MM/DD/YY. Unparseable input shows as "—" rather than "Invalid Date". */
export function formatDate(value: string | null | undefined, format: "MM/DD/YYYY" | "MM/DD/YY" = "MM/DD/YYYY"): string {
  if (!value) return "—";
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : "—";
}
