import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { adminSectionOr404, serverOf } from "~/.server/admin/sections";
import { SECTION_SHAPES, withDefaultSort } from "~/domain/admin/shapes";
import { listQueryFrom } from "~/domain/list-query";
import type { Route } from "./+types/admin.section.export";

/**
 * A section's list as CSV (issue 14): every record the list's search, filters and sort match (not just the page
 * shown), streamed from the upstream as it arrives, never held whole in the portal's memory.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const key = await adminSectionOr404(request, context, params.section);
  const url = new URL(request.url);
  const { params: query } = listQueryFrom(url.searchParams, SECTION_SHAPES[key]);
  query.delete("page");
  query.delete("perPage");
  const [, file] = await loadWithViewer(request, context, async (token) =>
    serverOf(key).exportCsv(token, withDefaultSort(key, query)),
  );
  return downloadResponse(file, `${key}.csv`);
}
