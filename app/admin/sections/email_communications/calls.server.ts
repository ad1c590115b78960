/**
 * The upstream calls of e-mail communications (issue 22 §2.5; contract.server.ts): an administrator's own, the
 * portal checks first (requireAdmin). Server only.
 */
import { call, callFile } from "~/.server/upstream/client";
import {
  EmailLogEntryResponseSchema,
  EmailLogResponseSchema,
  EmailMessageResponseSchema,
  EmailPreviewResponseSchema,
  EmailRecipientsResponseSchema,
  EmailSentResponseSchema,
  EmailTemplateResponseSchema,
  EmailTemplatesResponseSchema,
} from "./contract.server";
import type { EmailMessageFilter } from "./records";

const path = (p: string, params?: URLSearchParams) => {
  const query = params?.toString() ?? "";
  return `/api/admin/${p}${query ? `?${query}` : ""}`;
};

export const emailTemplates = (token: string, params: URLSearchParams) =>
  call("GET", path("email_templates", params), EmailTemplatesResponseSchema, { token });

export const emailTemplate = (token: string, id: number) =>
  call("GET", path(`email_templates/${id}`), EmailTemplateResponseSchema, { token });

export const updateEmailTemplate = (token: string, id: number, body: { subject: string; body: string }) =>
  call("PATCH", path(`email_templates/${id}`), EmailTemplateResponseSchema.pick({ record: true }), { token, body });

export const previewEmailTemplate = (token: string, id: number, userId: number | null) =>
  call(
    "GET",
    path(`email_templates/${id}/preview`, userId == null ? undefined : new URLSearchParams({ userId: String(userId) })),
    EmailPreviewResponseSchema,
    { token },
  );

export const sendTestEmail = (token: string, id: number, userId: number | null) =>
  call("POST", path(`email_templates/${id}/test`), EmailSentResponseSchema, { token, body: { userId } });

export const exportEmailTemplates = (token: string, params: URLSearchParams) =>
  callFile(path("email_templates/export", params), { token });

export const emailLog = (token: string, params: URLSearchParams) =>
  call("GET", path("email_log", params), EmailLogResponseSchema, { token });

export const emailLogEntry = (token: string, id: number) =>
  call("GET", path(`email_log/${id}`), EmailLogEntryResponseSchema, { token });

export const resendEmail = (token: string, id: number) =>
  call("POST", path(`email_log/${id}/resend`), EmailSentResponseSchema, { token });

export const exportEmailLog = (token: string, params: URLSearchParams) =>
  callFile(path("email_log/export", params), { token });

/** The filter as the upstream's query (only the choices given). */
export function filterParams(filter: EmailMessageFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value != null) params.set(key, String(value));
  return params;
}

export const emailRecipients = (token: string, filter: EmailMessageFilter) =>
  call("GET", path("email_messages/recipients", filterParams(filter)), EmailRecipientsResponseSchema, { token });

export const sendEmailMessage = (
  token: string,
  body: EmailMessageFilter & { subject: string; body: string; recipients: number },
  idempotencyKey: string,
) =>
  call("POST", path("email_messages"), EmailMessageResponseSchema, {
    token,
    body,
    headers: { "idempotency-key": idempotencyKey },
  });
