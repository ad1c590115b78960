import type { SectionFormDef } from "~/components/admin/section-view";
import { ROLE_FLAG_KEYS, ROLE_FLAG_LABELS } from "~/domain/admin/labels";
import type { AdminRole } from "./records";
import { roleSchema } from "./schemas";

export const form: SectionFormDef<AdminRole> = {
  newSchema: roleSchema,
  editSchema: roleSchema,
  fields: [
    { name: "name", label: "Name", kind: "text" },
    {
      name: "kind",
      label: "Kind",
      kind: "select",
      options: [
        { value: "Agent", label: "Agent" },
        { value: "Agency", label: "Agency" },
        { value: "Admin", label: "Administrator" },
        { value: "Carrier", label: "Carrier staff" },
      ],
      description: "What the role's users are to the portal: their menu and pages follow it",
    },
    { name: "description", label: "Description", kind: "textarea", wide: true },
    ...ROLE_FLAG_KEYS.map((k) => ({
      name: k,
      label: ROLE_FLAG_LABELS[k].label,
      kind: "checkbox" as const,
      description: ROLE_FLAG_LABELS[k].description,
    })),
  ],
  createdText: (v) => `Role ${String(v.name)} created.`,
};
