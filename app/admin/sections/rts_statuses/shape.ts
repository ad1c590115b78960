import type { SectionShape } from "~/domain/admin/shapes";

/** The RTS statuses list and a status's form at rts_statuses/:id. */
export const shape = {
  sortable: ["statusCode", "statusTitle", "carrier", "usageCount"],
  filters: { carrierId: "id" },
  recordUrl: "id",
  creatable: true,
} as const satisfies SectionShape;
