import type { SectionFormDef } from "~/components/admin/section-view";
import { type AdminCarrierExport, EXPORT_KINDS, EXPORT_KIND_LABELS } from "./records";
import { buildSchema } from "./schemas";

/** "Build now" (the section's new page): a carrier and a kind; the file is built at once. */
export const form: SectionFormDef<AdminCarrierExport> = {
  newSchema: buildSchema,
  editSchema: buildSchema,
  fields: [
    { name: "carrierId", label: "Carrier", kind: "select", options: { facet: "carrier" } },
    {
      name: "kind",
      label: "File",
      kind: "select",
      options: EXPORT_KINDS.map((k) => ({ value: k, label: EXPORT_KIND_LABELS[k] })),
      description: "It carries the changes since this carrier's last file of this kind (the last week when none).",
    },
  ],
  newIntro: "Build a carrier's file now. It joins the history, where it can be downloaded and sent.",
  createdText: (v) => `${EXPORT_KIND_LABELS[v.kind as keyof typeof EXPORT_KIND_LABELS] ?? "The"} file built.`,
};
