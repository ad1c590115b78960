import { type SectionServer, text } from "~/.server/admin/section-server";
import { adminResource } from "~/.server/upstream/admin";
import { ROLES } from "~/domain/user";
import {
  type AdminQuoteToolProviderBody,
  AdminQuoteToolProviderBodySchema,
  AdminQuoteToolProviderResponseSchema,
  AdminQuoteToolProvidersResponseSchema,
} from "./contract.server";
import type { AdminQuoteToolProvider } from "./records";
import type { ProviderFormValue } from "./schemas";

const api = adminResource("quote_tool_providers", {
  list: AdminQuoteToolProvidersResponseSchema,
  one: AdminQuoteToolProviderResponseSchema,
  body: AdminQuoteToolProviderBodySchema,
});

/** The form's value as the upstream's body; a secret left empty is not sent (the upstream keeps its own). */
function bodyOf(v: ProviderFormValue): AdminQuoteToolProviderBody {
  return {
    name: v.name,
    signOnUrl: v.signOnUrl,
    testSiteUrl: v.testSiteUrl,
    roles: ROLES.filter((r) => v[`role${r}`]),
    enabled: v.enabled,
    ...(v.secret ? { secret: v.secret } : {}),
  };
}

export const server: SectionServer<AdminQuoteToolProvider> = {
  list: async (token, params) => api.list(token, params),
  record: async (token, id) => api.record(token, id),
  remove: async (token, id) => api.remove(token, id),
  exportCsv: async (token, params) => api.exportCsv(token, params),
  form: {
    create: async (token, value) => api.create(token, bodyOf(value as ProviderFormValue)),
    update: async (token, id, value) => api.update(token, id, bodyOf(value as ProviderFormValue)),
    // Never the secret: the form's secret field always starts empty.
    formValues: (p) => ({
      name: p.name,
      signOnUrl: p.signOnUrl,
      testSiteUrl: text(p.testSiteUrl),
      ...Object.fromEntries(ROLES.map((r) => [`role${r}`, p.roles.includes(r) ? "on" : undefined])),
      enabled: p.enabled ? "on" : undefined,
    }),
  },
};
