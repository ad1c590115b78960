/** Today's date (YYYY-MM-DD) where the portal runs: the bound for "not in the future" dates. */
export function todayIso(): string {
  return new Date().toLocaleDateString("en-CA");
}
