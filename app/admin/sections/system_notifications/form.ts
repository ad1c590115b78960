import type { SectionFormDef } from "~/components/admin/section-view";
import { ROLES } from "~/domain/user";
import { AUDIENCE_LABELS, ROLE_PLURALS, SEVERITY_LABELS } from "./labels";
import { NOTICE_AUDIENCES, NOTICE_SEVERITIES, type AdminSystemNotification } from "./records";
import { noticeSchema } from "./schemas";

export const form: SectionFormDef<AdminSystemNotification> = {
  newSchema: noticeSchema,
  editSchema: noticeSchema,
  fields: [
    { name: "title", label: "Title", kind: "text" },
    {
      name: "severity",
      label: "Severity",
      kind: "select",
      options: NOTICE_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] })),
      description: "Info is blue, warning orange, critical red in the banner",
    },
    {
      name: "audience",
      label: "Who sees it",
      kind: "select",
      options: NOTICE_AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] })),
    },
    {
      name: "agencyId",
      label: "Agency",
      kind: "select",
      options: { facet: "agencyId" },
      emptyLabel: "None",
      description: "For one agency's hierarchy: the agency and every user under it",
    },
    {
      name: "startsOn",
      label: "First day shown",
      kind: "date",
      description: "MM/DD/YYYY (UTC). Leave empty to show it now",
    },
    {
      name: "endsOn",
      label: "Last day shown",
      kind: "date",
      description: "MM/DD/YYYY (UTC). Leave empty to show it until you end it",
    },
    { name: "message", label: "Message", kind: "textarea", wide: true },
    ...ROLES.map((r) => ({
      name: `role${r}`,
      label: ROLE_PLURALS[r],
      kind: "checkbox" as const,
      group: "Roles it is for (when “Who sees it” is some roles)",
    })),
  ],
  newIntro:
    "The notification shows in the banner above every page for the users it addresses, from its first day until its last or until each of them dismisses it.",
  createdText: (v) => `Notification “${String(v.title)}” posted.`,
};
