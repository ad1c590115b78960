import { idOr404 } from "~/.server/admin/guard";
import { downloadResponse } from "~/.server/download";
import { loadWithViewer } from "~/.server/guards";
import { carrierExportFile } from "~/admin/sections/carrier_exports/section.server";
import type { Route } from "./+types/admin.carrier_exports.file";

/** A carrier export's CSV as it was built (issue 24 §2), streamed from the upstream. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, file] = await loadWithViewer(request, context, async (token) => carrierExportFile(token, id));
  return downloadResponse(file, `carrier-export-${id}.csv`);
}
