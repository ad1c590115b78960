import { idOr404 } from "~/.server/admin/guard";
import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { resultsCsv } from "~/admin/sections/sunfire_imports/imports.server";
import type { Route } from "./+types/admin.sunfire_imports.$id.results";

/** A Sunfire import's per-row results as CSV (issue 24 §5): streamed from the upstream, never held whole. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, file] = await loadWithViewer(request, context, async (token) => resultsCsv(token, id));
  return downloadResponse(file, `sunfire_import_${id}_results.csv`);
}
