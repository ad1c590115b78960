import { z } from "zod";
import type { ActionForm } from "~/.server/form-failure";
import { redirectWithToast } from "~/.server/toast";
import { successToast } from "~/domain/toast";
import { redirect } from "react-router";

/** A file import's page: how many rows a page shows. */
export const IMPORT_ROWS_PER_PAGE = 50;

/**
 * The upstream's rows query of a file import's page (a statement import, a carrier import, a Sunfire import): the
 * page asked for (1 when it is not a page number) and, where the rows have outcomes, the one asked for (none when it
 * is not one of them).
 */
export function importRowsQuery<O extends string>(
  request: Request,
  outcomes: readonly O[] = [],
): { query: URLSearchParams; outcome: O | null } {
  const url = new URL(request.url);
  const asked = url.searchParams.get("page") ?? "";
  const page = /^\d{1,6}$/.test(asked) ? asked : "1";
  const named = url.searchParams.get("outcome") ?? "";
  const outcome = (outcomes as readonly string[]).includes(named) ? (named as O) : null;
  const query = new URLSearchParams({ page, perPage: String(IMPORT_ROWS_PER_PAGE), ...(outcome ? { outcome } : {}) });
  return { query, outcome };
}

const intentSchema = z.object({ intent: z.string() });

/**
 * A file import's preview decided (its page's "confirm" and "discard" forms): confirmed, the page again (it follows
 * the background write); discarded, `list` with a toast. Null for any other intent (the page's own, or none).
 */
export async function confirmOrDiscard(
  form: ActionForm,
  intent: FormDataEntryValue | null,
  steps: { confirm: () => Promise<unknown>; discard: () => Promise<unknown>; here: string; list: string },
): Promise<Response | null> {
  if (intent !== "confirm" && intent !== "discard") return null;
  await form.parse(intentSchema);
  if (intent === "confirm") {
    await steps.confirm();
    return redirect(steps.here);
  }
  await steps.discard();
  return redirectWithToast(steps.list, [successToast("Import discarded: nothing was written.")]);
}
