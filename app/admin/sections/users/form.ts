import type { SectionFormDef } from "~/components/admin/section-view";
import type { AdminUser } from "./records";
import { editUserSchema, newUserSchema } from "./schemas";

export const form: SectionFormDef<AdminUser> = {
  newSchema: newUserSchema,
  editSchema: editUserSchema,
  fields: [
    { name: "firstName", label: "First name", kind: "text" },
    { name: "lastName", label: "Last name", kind: "text" },
    { name: "email", label: "E-mail", kind: "email" },
    { name: "phone", label: "Phone", kind: "phone" },
    {
      name: "npnNumber",
      label: "NPN",
      kind: "text",
      description: "The National Producer Number (agents and agencies only)",
    },
    { name: "roleId", label: "Role", kind: "select", options: { facet: "roleId" } },
    {
      name: "agencyId",
      label: "Upline agency",
      kind: "select",
      options: { facet: "agencyId" },
      emptyLabel: "None",
      description: "An agent: the agency they write under. An agency: the agency above it",
    },
    {
      name: "sunfireAccess",
      label: "Quote tool access",
      kind: "checkbox",
      description: "Shows the quote link under Quote & Enroll, and Submitted Enrollments",
    },
    { name: "loa", label: "LOA (hides commissions and tickets)", kind: "checkbox" },
    {
      name: "skipOnboardingWithContracts",
      label: "Skip onboarding when the user has contracts",
      kind: "checkbox",
    },
  ],
  // Pending and unverified accounts become active when their owner finishes signing up: no status to choose.
  editFields: (u) =>
    u.status === "active" || u.status === "disabled"
      ? [
          {
            name: "status",
            label: "Status",
            kind: "select",
            options: [
              { value: "active", label: "Active" },
              { value: "disabled", label: "Disabled (signed out everywhere)" },
            ],
            description: "Disabling ends every session of the user at once.",
          },
        ]
      : [],
  newIntro: "The account starts pending: the user gets an e-mail with a link to choose their password.",
  createdText: (v) => `User created. An activation link was sent to ${String(v.email)}.`,
};
