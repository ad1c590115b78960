import type { QuoteSite } from "~/domain/enrollments";
import { call } from "./client";
import {
  SubmittedEnrollmentsExportSchema,
  SubmittedEnrollmentsResponseSchema,
  QuoteToolAvailabilitySchema,
  SunfireSignOnSchema,
} from "./schemas/enrollments";

/**
 * GET /partners/sunfire: a fresh single-use sign-on link into the quote provider (`?site=test`: its test
 * site). Asked at the moment the user clicks, never kept: the caller redirects to it and forgets it.
 */
export async function sunfireSignOn(token: string, site: QuoteSite): Promise<string> {
  const path = site === "test" ? "/partners/sunfire?site=test" : "/partners/sunfire";
  return (await call("GET", path, SunfireSignOnSchema, { token })).url;
}

/**
 * GET /partners/sunfire/availability: whether the quote tool (`?site=test`: its test site) opens for the caller now,
 * as its providers are configured (issue 22 §2.4); issues no link. A 403: the caller's role may not use it.
 */
export async function quoteToolAvailability(token: string, site: QuoteSite) {
  const path = site === "test" ? "/partners/sunfire/availability?site=test" : "/partners/sunfire/availability";
  return call("GET", path, QuoteToolAvailabilitySchema, { token });
}

/** The query of the submitted enrollments: the table's state and its filters, already checked (listQueryFrom). */
function enrollmentsQuery(params: URLSearchParams): string {
  const allowed = ["page", "perPage", "search", "sort", "order", "status", "carrierId"];
  const query = new URLSearchParams();
  for (const key of allowed) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

export async function submittedEnrollments(token: string, params: URLSearchParams) {
  return call("GET", `/api/submitted_enrollments${enrollmentsQuery(params)}`, SubmittedEnrollmentsResponseSchema, {
    token,
  });
}

export async function exportSubmittedEnrollments(token: string, params: URLSearchParams) {
  return (
    await call(
      "POST",
      `/api/submitted_enrollments/export${enrollmentsQuery(params)}`,
      SubmittedEnrollmentsExportSchema,
      { token },
    )
  ).message;
}
