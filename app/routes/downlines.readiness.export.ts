import { csvRowsOf } from "~/domain/downline-readiness";
import { csvText } from "~/domain/csv";
import { todayIso } from "~/.server/clock";
import { attachmentDisposition } from "~/.server/download";
import { downlineReadinessReads, listedRows } from "~/.server/downline-readiness";
import { loadWithViewer } from "~/.server/guards";
import type { Route } from "./+types/downlines.readiness.export";

/**
 * Issue 25 §2's CSV export: the brokers the page lists for the same filters and search (every page), one row each, in
 * the page's order (needing action first). Made by the portal from the same reads as the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [, reads] = await loadWithViewer(request, context, downlineReadinessReads);
  const today = todayIso();
  const { rows } = listedRows(reads, url.searchParams, today);
  const names = new Map(reads.facts.agencies.map((a) => [a.userId, a.name]));
  const csv = csvText(csvRowsOf(rows, (id) => names.get(id) ?? "", reads.facts.planYear));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(`downline-readiness-${today}.csv`),
      "Cache-Control": "private, no-store",
    },
  });
}
