/**
 * The upstream calls of e-mail communications (issue 22 §2.5; contract.server.ts): an administrator's own, the
 * portal checks first (requireAdmin). Server only.
 */
import { adminCall, adminExport } from "~/.server/upstream/admin";
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
import { AdminUsersResponseSchema } from "../users/contract.server";

/** The users a preview may be drawn for: the first 50 active accounts by id (the demo's own first). */
export const previewUsers = async (token: string) =>
  (
    await adminCall(token, "GET", "users", AdminUsersResponseSchema, {
      params: new URLSearchParams({ perPage: "50", status: "active" }),
    })
  ).records.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email }));

export const emailTemplates = async (token: string, params: URLSearchParams) =>
  adminCall(token, "GET", "email_templates", EmailTemplatesResponseSchema, { params });

export const emailTemplate = async (token: string, id: number) =>
  adminCall(token, "GET", `email_templates/${id}`, EmailTemplateResponseSchema);

export const updateEmailTemplate = async (token: string, id: number, body: { subject: string; body: string }) =>
  adminCall(token, "PATCH", `email_templates/${id}`, EmailTemplateResponseSchema.pick({ record: true }), { body });

export const previewEmailTemplate = async (token: string, id: number, userId: number | null) =>
  adminCall(token, "GET", `email_templates/${id}/preview`, EmailPreviewResponseSchema, {
    params: userId == null ? undefined : new URLSearchParams({ userId: String(userId) }),
  });

export const sendTestEmail = async (token: string, id: number, userId: number | null) =>
  adminCall(token, "POST", `email_templates/${id}/test`, EmailSentResponseSchema, { body: { userId } });

export const exportEmailTemplates = async (token: string, params: URLSearchParams) =>
  adminExport(token, "email_templates", params);

export const emailLog = async (token: string, params: URLSearchParams) =>
  adminCall(token, "GET", "email_log", EmailLogResponseSchema, { params });

export const emailLogEntry = async (token: string, id: number) =>
  adminCall(token, "GET", `email_log/${id}`, EmailLogEntryResponseSchema);

export const resendEmail = async (token: string, id: number) =>
  adminCall(token, "POST", `email_log/${id}/resend`, EmailSentResponseSchema);

/** The filter as the upstream's query (only the choices given). */
export function filterParams(filter: EmailMessageFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value != null) params.set(key, String(value));
  return params;
}

export const emailRecipients = async (token: string, filter: EmailMessageFilter) =>
  adminCall(token, "GET", "email_messages/recipients", EmailRecipientsResponseSchema, {
    params: filterParams(filter),
  });

export const sendEmailMessage = async (
  token: string,
  body: EmailMessageFilter & { subject: string; body: string; recipients: number },
  idempotencyKey: string,
) =>
  adminCall(token, "POST", "email_messages", EmailMessageResponseSchema, {
    body,
    headers: { "idempotency-key": idempotencyKey },
  });
