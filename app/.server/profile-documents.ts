import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import {
  COMPLIANCE_DOCUMENT_TYPES,
  type ComplianceDocumentKind,
  documentIsFlagged,
  isComplianceDocumentKind,
} from "~/domain/compliance-documents";
import { documentUploadSchema } from "~/domain/profile";
import { type Toast, successToast } from "~/domain/toast";
import { todayIso } from "./clock";
import { actionForm } from "./form-failure";
import { refuseUnlessAllowed, requireViewer } from "./guards";
import { parseUploadForm } from "./upload";
import { uploadComplianceDocument } from "./upstream/profile-details";

type Context = Readonly<RouterContextProvider>;

/** The document kind a URL names, or the 404 page. */
export function documentKindOf(param: string | undefined): ComplianceDocumentKind {
  if (!isComplianceDocumentKind(param)) throw data({ messages: [] }, { status: 404, statusText: "Not Found" });
  return param;
}

export type DocumentUploadAnswer =
  { ok: true; toasts: Toast[] } | { ok: false; status: number; result: SubmissionResult<string[]> };

/** What the profile says once a document is on file (and, when it was the last flagged one, that contracting is open). */
export function uploadedToasts(
  kind: ComplianceDocumentKind,
  flaggedBefore: boolean,
  notificationsLeft: number,
): Toast[] {
  const title = COMPLIANCE_DOCUMENT_TYPES[kind].title;
  return [
    successToast(
      flaggedBefore && notificationsLeft === 0
        ? `Your ${title} was uploaded. Your documentation is up to date: you can request contracts again.`
        : `Your ${title} was uploaded.`,
    ),
  ];
}

/**
 * Issue 12: a compliance document's upload, for the plain form post (/profile/documents/:kind) and the one
 * JavaScript sends with a progress bar (/profile/documents/:kind/file). The form is checked with the
 * browser's schema, then sent upstream; a refusal or fault comes back at the form (decision 010), with the
 * expiry date typed kept (the browser cannot be given the file back).
 */
export async function uploadDocument(
  request: Request,
  context: Context,
  kind: ComplianceDocumentKind,
): Promise<DocumentUploadAnswer> {
  const type = COMPLIANCE_DOCUMENT_TYPES[kind];
  const schema = documentUploadSchema({ expires: type.expires, today: todayIso() });
  const form = actionForm(request, context, { read: parseUploadForm, schema });
  return form.answer(
    async (): Promise<DocumentUploadAnswer> => {
      const viewer = await requireViewer(request, context);
      refuseUnlessAllowed(viewer, request);
      const parsed = await form.parse(schema);
      if (parsed.status !== "success") {
        return { ok: false, status: 400, result: parsed.reply({ hideFields: ["file"] }) };
      }
      const answer = await uploadComplianceDocument(viewer.token, kind, {
        file: parsed.value.file,
        expiresOn: parsed.value.expiresOn ?? null,
      });
      const flaggedBefore = documentIsFlagged(kind, viewer.documentNotifications);
      return { ok: true, toasts: uploadedToasts(kind, flaggedBefore, answer.documentNotifications.length) };
    },
    ({ status, result }) => ({ ok: false, status, result }),
  );
}
