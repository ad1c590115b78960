import type { SectionFormDef } from "~/components/admin/section-view";
import { RTS_TONES, RTS_TONE_LABELS } from "~/domain/rts";
import type { AdminRtsStatus } from "./records";
import { rtsStatusSchema } from "./schemas";

export const form: SectionFormDef<AdminRtsStatus> = {
  newSchema: rtsStatusSchema,
  editSchema: rtsStatusSchema,
  fields: [
    { name: "statusCode", label: "Code", kind: "text", description: "Up to 16 letters, digits or _, e.g. RTS" },
    { name: "statusTitle", label: "Title", kind: "text" },
    { name: "displayStatus", label: "Badge text", kind: "text", description: "What the downlines table shows" },
    {
      name: "tone",
      label: "Badge color",
      kind: "select",
      options: RTS_TONES.map((t) => ({ value: t, label: RTS_TONE_LABELS[t] })),
      description: "Whether an advisor with this status may sell: ready, on the way, or stopped",
    },
    {
      name: "carrierId",
      label: "Carrier",
      kind: "select",
      options: { facet: "carrierId" },
      emptyLabel: "Every carrier",
    },
    { name: "description", label: "Description", kind: "textarea", wide: true },
  ],
  createdText: (v) => `RTS status ${String(v.statusCode)} created.`,
};
