import { loader as sectionExport } from "./admin.section.export";
import type { Route } from "./+types/admin.carriers.export";

/** The carriers list as CSV: the shared export (carriers/:id is the carrier's own page, so this path is named). */
export async function loader(args: Route.LoaderArgs) {
  return sectionExport({ ...args, params: { ...args.params, section: "carriers" } } as Parameters<
    typeof sectionExport
  >[0]);
}
