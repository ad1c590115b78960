import { loader as sectionExport } from "./admin.section.export";
import type { Route } from "./+types/admin.email_communications.export";

/**
 * The templates list as CSV: the shared export (admin.section.export.ts) for this section, whose `:id` route
 * would otherwise take the `export` segment.
 */
export async function loader(args: Route.LoaderArgs) {
  return sectionExport({ ...args, params: { section: "email_communications" } } as Parameters<typeof sectionExport>[0]);
}
