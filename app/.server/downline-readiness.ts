import {
  type BrokerReadiness,
  type DownlineFilters,
  type OfferedProduct,
  type ReadinessContext,
  downlineReadiness,
  firstActionStep,
  reminderChangedText,
  reminderDetail,
  REMINDER_CAP,
  reminderSentText,
  tooManyRemindersText,
} from "~/domain/downline-readiness";
import { type ListShape, listQueryFrom, notOffered } from "~/domain/list-query";
import { READINESS_STEPS, type ReadinessStepKey } from "~/domain/readiness";
import { tableQueryFrom } from "~/domain/table";
import { errorToasts, successToast } from "~/domain/toast";
import { pathWithout } from "~/domain/url-params";
import { todayIso } from "./clock";
import { type CatalogueReads, catalogueReads } from "./readiness";
import { redirectWithToast } from "./toast";
import { downlineReadinessFacts, sendReminders } from "./upstream/downline-readiness";
import { upstreamMessages } from "./upstream-failure";
import type { LoadedViewer } from "./viewer";

/**
 * Issue 25 §2: the reads the agency's downline readiness needs, started together (ADR 017: the products list is shared,
 * so their carriers follow it at once): the carrier products offered, their carrier resources (the certifications'
 * links and dates) and the facts of every broker in the hierarchy.
 */
export async function downlineReadinessReads(token: string, catalogue: CatalogueReads = catalogueReads(token)) {
  const [carrierProducts, resources, facts] = await Promise.all([
    catalogue.offered,
    catalogue.resources,
    downlineReadinessFacts(token),
  ]);
  const resourceOf = new Map(resources.map((r) => [r.carrierProductId, r]));
  const offered: OfferedProduct[] = carrierProducts.map((cp) => ({
    productId: cp.productId,
    productName: cp.productName,
    carrierProductId: cp.carrierProductId,
    carrierId: cp.id,
    carrierName: cp.carrierName,
    certificationLink: resourceOf.get(cp.carrierProductId)?.certificationLink ?? null,
    certificationDate: resourceOf.get(cp.carrierProductId)?.certificationDate ?? null,
  }));
  return { offered, facts };
}

export type DownlineReadinessReads = Awaited<ReturnType<typeof downlineReadinessReads>>;

/** The carriers of the offered products, by name (the carrier filter's choices). */
export function carriersOf(offered: readonly OfferedProduct[]) {
  const byId = new Map(offered.map((p) => [p.carrierId, p.carrierName]));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The agency's list for the URL's filters, as of `today`. */
export function downlineRows(reads: DownlineReadinessReads, filters: DownlineFilters, today: string) {
  const context: ReadinessContext = {
    today,
    planYear: reads.facts.planYear,
    licenseWarningDays: reads.facts.licenseWarningDays,
    offered: reads.offered,
  };
  return downlineReadiness(reads.facts.brokers, context, filters);
}

/* ---- The list the page shows (and the action draws again) ---- */

/** The URL's filters: a sub-agency of the hierarchy, a carrier offered, a step; anything else is left out and named. */
export function downlineFiltersFrom(
  params: URLSearchParams,
  agencies: ReadonlyArray<{ userId: number }>,
  carriers: ReadonlyArray<{ id: number }>,
): { filters: DownlineFilters; ignored: string[] } {
  const shape: ListShape = {
    sortable: [],
    filters: { agencyId: "id", carrierId: "id", step: { values: READINESS_STEPS } },
  };
  const { params: checked, ignored } = listQueryFrom(params, shape);
  const agencyId = checked.get("agencyId");
  const carrierId = checked.get("carrierId");
  // The agency itself is the whole list, not a filter; a sub-agency or carrier not offered is left out.
  const subAgencies = agencies.slice(1).map((a) => ({ id: a.userId }));
  if (notOffered(agencyId, subAgencies)) ignored.push("agencyId");
  if (notOffered(carrierId, carriers)) ignored.push("carrierId");
  return {
    filters: {
      agencyId: agencyId && !ignored.includes("agencyId") ? Number(agencyId) : null,
      carrierId: carrierId && !ignored.includes("carrierId") ? Number(carrierId) : null,
      step: (checked.get("step") as ReadinessStepKey | null) ?? null,
    },
    ignored,
  };
}

/** The brokers the URL lists (filters, then the search on name or NPN), needing action first. */
export function listedRows(reads: DownlineReadinessReads, params: URLSearchParams, today: string) {
  const carriers = carriersOf(reads.offered);
  const { filters, ignored } = downlineFiltersFrom(params, reads.facts.agencies, carriers);
  const query = tableQueryFrom(params, []);
  const needle = query.search.toLowerCase();
  const rows = downlineRows(reads, filters, today).filter(
    (r) => !needle || r.name.toLowerCase().includes(needle) || (r.npnNumber ?? "").includes(needle),
  );
  return { carriers, filters, ignored, query, rows };
}

/* ---- Reminders (issue 25 §2) ---- */

/** Who a reminder goes to: every broker listed (`all`, at the step filter's step) or one broker (their user id). */
export interface ReminderTarget {
  scope: string;
  step: ReadinessStepKey;
}

/**
 * The confirmation the URL asks for (`remind=`): `all` needs a step filter; one broker is reminded of the step filter's
 * step when they have something to do there, else of their first step with something to do. Null: nothing to confirm.
 */
export function reminderTargetOf(
  raw: string | null,
  filters: DownlineFilters,
  rows: readonly BrokerReadiness[],
): ReminderTarget | null {
  if (raw === "all") return filters.step ? { scope: "all", step: filters.step } : null;
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const row = rows.find((r) => r.userId === Number(raw));
  const step =
    filters.step && row?.actions.some((a) => a.step === filters.step)
      ? filters.step
      : row
        ? firstActionStep(row)
        : null;
  return { scope: String(Number(raw)), step: step ?? filters.step ?? "contract" };
}

/** Each broker the target reaches, with what is left for them at the step (brokers with nothing there are left out). */
export function remindersFor(target: ReminderTarget, rows: readonly BrokerReadiness[]) {
  const reached = target.scope === "all" ? rows : rows.filter((r) => String(r.userId) === target.scope);
  return reached.flatMap((r) => {
    const detail = reminderDetail(r, target.step);
    return detail ? [{ userId: r.userId, name: r.name, detail }] : [];
  });
}

/**
 * The confirmed reminder: the list drawn again from the upstream; sent only when it still reaches as many brokers as
 * the confirmation showed (otherwise back to the confirmation with the new count). A second submit of the same
 * confirmation carries the same idempotency key, so the upstream sends once.
 */
export async function sendDownlineReminders(viewer: LoadedViewer, url: URL, form: FormData): Promise<Response> {
  const back = pathWithout(url.pathname, url.search, ["remind"]);
  const scope = String(form.get("scope") ?? "");
  const step = String(form.get("step") ?? "");
  const count = Number(form.get("count"));
  const key = String(form.get("idempotencyKey") ?? "");
  const known = (READINESS_STEPS as readonly string[]).includes(step);
  if (!(scope === "all" || /^\d{1,15}$/.test(scope)) || !known || !Number.isInteger(count) || count < 1)
    return redirectWithToast(back, errorToasts([REMINDER_UNREADABLE]));
  try {
    const reads = await downlineReadinessReads(viewer.token);
    const { rows } = listedRows(reads, url.searchParams, todayIso());
    const target: ReminderTarget = {
      scope: scope === "all" ? "all" : String(Number(scope)),
      step: step as ReadinessStepKey,
    };
    const reminders = remindersFor(target, rows);
    if (reminders.length !== count) {
      const confirmAgain = new URL(back, url);
      confirmAgain.searchParams.set("remind", target.scope);
      return redirectWithToast(
        `${confirmAgain.pathname}${confirmAgain.search}`,
        errorToasts([reminderChangedText(reminders.length)]),
      );
    }
    // The upstream's limit, said before it is asked (its refusal would name a field the page does not have).
    if (reminders.length > REMINDER_CAP)
      return redirectWithToast(back, errorToasts([tooManyRemindersText(reminders.length)]));
    const sent = await sendReminders(
      viewer.token,
      { step: target.step, reminders: reminders.map(({ userId, detail }) => ({ userId, detail })) },
      /^[\w-]{1,100}$/.test(key) ? key : crypto.randomUUID(),
    );
    return redirectWithToast(back, [successToast(reminderSentText(sent.recipients, target.step))]);
  } catch (error) {
    // The upstream's refusal (a broker no longer in the downline) or that it is not answering; a 401 ends the session.
    return redirectWithToast(back, errorToasts(await upstreamMessages(error, viewer.session)));
  }
}

export const REMINDER_UNREADABLE = "This reminder could not be read. Choose who to remind again.";
