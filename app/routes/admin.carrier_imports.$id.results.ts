import { idOr404 } from "~/.server/admin/guard";
import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { resultsCsv } from "~/admin/sections/carrier_imports/imports.server";
import type { Route } from "./+types/admin.carrier_imports.$id.results";

/** An import's per-row results as CSV (issue 24 §1): streamed from the upstream, never held whole. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, file] = await loadWithViewer(request, context, async (token) => resultsCsv(token, id));
  return downloadResponse(file, `carrier_import_${id}_results.csv`);
}
