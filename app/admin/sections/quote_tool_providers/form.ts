import type { SectionFormDef } from "~/components/admin/section-view";
import { ROLES } from "~/domain/user";
import type { AdminQuoteToolProvider } from "./records";
import { providerSchema } from "./schemas";

const ROLE_LABELS = { Agent: "Agents", Agency: "Agencies", Admin: "Administrators", Carrier: "Carrier staff" } as const;

export const form: SectionFormDef<AdminQuoteToolProvider> = {
  newSchema: providerSchema,
  editSchema: providerSchema,
  fields: [
    { name: "name", label: "Name", kind: "text" },
    {
      name: "secret",
      label: "Sign-on secret",
      kind: "secret",
      description: "The client secret the provider gave you. Leave empty to keep the current secret",
    },
    {
      name: "signOnUrl",
      label: "Sign-on address",
      kind: "text",
      wide: true,
      description: "Where the quote tool signs agents in: an https:// address, or a path on the upstream",
    },
    {
      name: "testSiteUrl",
      label: "Test site address",
      kind: "text",
      wide: true,
      description: "Where /quote_tool?site=test signs administrators in. Leave empty for no test site",
    },
    ...ROLES.map((r) => ({
      name: `role${r}`,
      label: ROLE_LABELS[r],
      kind: "checkbox" as const,
      group: "Who may use it (administrators always may, to check it)",
    })),
    {
      name: "enabled",
      label: "Enabled",
      kind: "checkbox",
      description: "The quote tool opens the first enabled provider of the user's role; with none, it is turned off",
    },
  ],
  newIntro: "The quote tool opens the first enabled provider whose roles hold the user's.",
  createdText: (v) => `Provider ${String(v.name)} created.`,
};
