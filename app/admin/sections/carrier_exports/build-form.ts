import type { FieldDef } from "~/components/admin/section-view";
import { EXPORT_KINDS, EXPORT_KIND_LABELS } from "./records";

/** "Build now" (carrier_exports/new, its own route module): a carrier and a kind; the file is built at once. */
export const BUILD_FIELDS: readonly FieldDef[] = [
  { name: "carrierId", label: "Carrier", kind: "select", options: { facet: "carrier" } },
  {
    name: "kind",
    label: "Kind of file",
    kind: "select",
    options: EXPORT_KINDS.map((k) => ({ value: k, label: EXPORT_KIND_LABELS[k] })),
    description: "It carries the changes since this carrier's last file of this kind (the last week when none).",
  },
];
