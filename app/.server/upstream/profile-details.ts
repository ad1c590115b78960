import type { ComplianceDocumentKind } from "~/domain/compliance-documents";
import type { ProfileDetailsInput } from "~/domain/profile";
import { call, callFile, callMultipart } from "./client";
import {
  ComplianceDocumentsResponseSchema,
  ComplianceDocumentUploadResponseSchema,
  ProfileDetailsResponseSchema,
  RewardsResponseSchema,
} from "./schemas/profile-details";

/* The profile page (issue 12): personal details, compliance documents, member rewards. */

export async function profileDetails(token: string) {
  return (await call("GET", "/api/profile/details", ProfileDetailsResponseSchema, { token })).details;
}

export async function saveProfileDetails(token: string, details: ProfileDetailsInput) {
  return (await call("PUT", "/api/profile/details", ProfileDetailsResponseSchema, { token, body: details })).details;
}

export async function complianceDocuments(token: string) {
  return (await call("GET", "/api/profile/documents", ComplianceDocumentsResponseSchema, { token })).documents;
}

/** Uploads a document (replacing the one on file); the upstream clears the notifications a valid one answers. */
export async function uploadComplianceDocument(
  token: string,
  kind: ComplianceDocumentKind,
  upload: { file: File; expiresOn: string | null },
) {
  const entries: Array<[string, string | Blob]> = [["file", upload.file]];
  if (upload.expiresOn) entries.push(["expiresOn", upload.expiresOn]);
  return callMultipart("PUT", `/api/profile/documents/${kind}`, ComplianceDocumentUploadResponseSchema, {
    token,
    entries,
  });
}

/** A stored file of the user's (GET /api/profile/files/{id}). */
export async function storedFileDownload(token: string, fileId: number) {
  return callFile(`/api/profile/files/${fileId}`, { token });
}

export async function memberRewards(token: string) {
  return (await call("GET", "/api/profile/rewards", RewardsResponseSchema, { token })).rewards;
}
