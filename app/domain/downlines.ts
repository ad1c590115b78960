/** Spec §2/§8: the empty policy list reads 'No Active Policies to show for {name}.' */
export function noPoliciesText(name: string): string {
  return `No Active Policies to show for ${name}.`;
}

export const CONTRACT_STATUS_FILTERS = ["active", "pending", "terminated"] as const;

/** The `open` agencies of the URL with one toggled (expanding works without JavaScript: it is a link). */
export function toggledOpen(search: string, npnId: number): string {
  const params = new URLSearchParams(search);
  const open = params.getAll("open").filter((v) => v !== String(npnId));
  const wasOpen = open.length !== params.getAll("open").length;
  params.delete("open");
  for (const id of wasOpen ? open : [...open, String(npnId)]) params.append("open", id);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/* ---- Caps on what one request may repeat (docs/decisions/014-request-caps.md) ---- */

/**
 * The most agency blocks one downlines page opens (`?open=` values, besides the viewer's own root).
 * The page asks the upstream for all open blocks in one call; past the cap it says so and opens the first
 * ones only. Below the upstream's own limit per call (DOWNLINE_BRANCHES_MAX, 50).
 */
export const MAX_OPEN_AGENCIES = 25;

/**
 * The most invitations one withdrawal (the form's `id` values) or confirmation (`?confirm=` values)
 * may name: one page of the table at its largest size (50). Past it nothing is withdrawn and the user is
 * told why. The upstream withdraws them in one call (its limit per call: WITHDRAW_INVITATIONS_MAX, 100).
 */
export const MAX_WITHDRAW_INVITATIONS = 50;

export function tooManyOpenText(asked: number): string {
  return `You asked to open ${asked} agency blocks; at most ${MAX_OPEN_AGENCIES} open at a time, so only the first ${MAX_OPEN_AGENCIES} are shown. Hide some to open others.`;
}

export function tooManyWithdrawText(asked: number): string {
  return `You can withdraw at most ${MAX_WITHDRAW_INVITATIONS} invitations at a time (you chose ${asked}). Nothing was withdrawn.`;
}

/** The distinct positive integer ids among a URL's or form's values, in order (anything else is no id). */
export function positiveIds(values: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    if (typeof value !== "string" || !/^\d{1,15}$/.test(value.trim())) continue;
    const n = Number(value);
    if (n > 0) ids.add(n);
  }
  return [...ids];
}

/** The blocks the URL opens, at most MAX_OPEN_AGENCIES; `asked` is how many distinct ones it named. */
export function openAgenciesOf(params: URLSearchParams): { open: number[]; asked: number } {
  const ids = positiveIds(params.getAll("open"));
  return { open: ids.slice(0, MAX_OPEN_AGENCIES), asked: ids.length };
}

/** The URL's search with its `open` values replaced by `open` (links built from what the page shows). */
export function withOpen(search: string, open: readonly number[]): string {
  const params = new URLSearchParams(search);
  params.delete("open");
  for (const id of open) params.append("open", String(id));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * One id a URL names (`?policies=`, `?carrier=`): absent (or empty) is null; anything but a positive
 * integer is "invalid" (the page answers 404, as for an unknown id).
 */
export function idParam(params: URLSearchParams, key: string): number | null | "invalid" {
  const raw = params.get(key);
  if (raw === null || raw.trim() === "") return null;
  return positiveIds([raw])[0] ?? "invalid";
}

export interface WithdrawOutcome {
  withdrawn: readonly number[];
  notFound: readonly number[];
  notPending: readonly number[];
}

/** What a withdrawal tells the user: one sentence per kind of outcome, however many ids it carried. */
export function withdrawOutcomeMessages({ withdrawn, notFound, notPending }: WithdrawOutcome): {
  success: string | null;
  errors: string[];
} {
  const success =
    withdrawn.length === 0
      ? null
      : withdrawn.length === 1
        ? "Invitation withdrawn"
        : `${withdrawn.length} invitations withdrawn`;
  const errors: string[] = [];
  if (notFound.length > 0) {
    errors.push(
      notFound.length === 1
        ? "One invitation was not found: it was already withdrawn or is not yours."
        : `${notFound.length} invitations were not found: they were already withdrawn or are not yours.`,
    );
  }
  if (notPending.length > 0) {
    errors.push(
      notPending.length === 1
        ? "One invitation was not withdrawn: only pending invitations can be withdrawn."
        : `${notPending.length} invitations were not withdrawn: only pending invitations can be withdrawn.`,
    );
  }
  return { success, errors };
}
