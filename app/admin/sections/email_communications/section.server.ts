/** E-mail communications' server half (issue 22 §2.5): the templates list and its export. Server only. */
import type { SectionServer } from "~/.server/admin/section-server";
import { emailTemplate, emailTemplates, exportEmailTemplates } from "./calls.server";
import type { EmailTemplate } from "./records";

export const server: SectionServer<EmailTemplate> = {
  list: async (token, params) => emailTemplates(token, params),
  // The list shows the name, its description, the subject, the count and the date: not the body.
  listRow: (t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    subject: t.subject,
    sentLast30Days: t.sentLast30Days,
    updatedAt: t.updatedAt,
  }),
  record: async (token, id) => emailTemplate(token, id),
  exportCsv: async (token, params) => exportEmailTemplates(token, params),
};
