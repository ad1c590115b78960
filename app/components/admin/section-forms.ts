import { ROLE_FLAG_KEYS, ROLE_FLAG_LABELS } from "~/domain/admin/labels";
import { editUserSchema, newUserSchema, roleSchema, rtsStatusSchema } from "~/domain/admin/forms";
import type { AdminRole, AdminRtsStatus, AdminUser } from "~/domain/admin/records";
import type { SectionKey } from "~/domain/admin/shapes";
import { RTS_TONES, RTS_TONE_LABELS } from "~/domain/rts";
import type { SectionFormDef } from "./section-view";

/**
 * The sections' forms (issue 14, ADR 024): fields and schemas of each new and record page. Apart from the views
 * (section-views.tsx), so that a list page does not carry the forms' validation (zod) to the browser.
 */

const users: SectionFormDef<AdminUser> = {
  newSchema: newUserSchema,
  editSchema: editUserSchema,
  fields: [
    { name: "firstName", label: "First name", kind: "text" },
    { name: "lastName", label: "Last name", kind: "text" },
    { name: "email", label: "E-mail", kind: "email" },
    { name: "phone", label: "Phone", kind: "phone" },
    { name: "npnNumber", label: "NPN", kind: "text", description: "The National Producer Number (brokers only)" },
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

const roles: SectionFormDef<AdminRole> = {
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

const rtsStatuses: SectionFormDef<AdminRtsStatus> = {
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

/** The forms of the sections that have new and record pages (the contracting desk has its own). */
export const SECTION_FORMS: Partial<Record<SectionKey, SectionFormDef<{ id: number }>>> = {
  users: users as unknown as SectionFormDef<{ id: number }>,
  roles: roles as unknown as SectionFormDef<{ id: number }>,
  rts_statuses: rtsStatuses as unknown as SectionFormDef<{ id: number }>,
};
