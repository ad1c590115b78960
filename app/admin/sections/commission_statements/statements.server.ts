/**
 * The commission statements' upstream calls beyond the list (issue 23 §1; contract.server.ts): a statement's lines,
 * reconciliation and lock; an import's preview, mapping, confirmation and discard; the upload (streamed by the shared
 * app/.server/upstream/file-upload.ts).
 */
import { z } from "zod";
import { adminCall } from "~/.server/upstream/admin";
import { uploadFile } from "~/.server/upstream/file-upload";
import {
  AdminCommissionStatementResponseSchema,
  AdminCommissionStatementSchema,
  type ReconcileBody,
  StatementAgentsResponseSchema,
  StatementImportPreviewSchema,
  StatementImportResponseSchema,
  StatementLineSchema,
  StatementLinesResponseSchema,
  type StatementLockBodySchema,
} from "./contract.server";
import type { StatementMapping } from "./records";

const base = "commission_statements";

export const statementRecord = async (token: string, id: number) =>
  adminCall(token, "GET", `${base}/${id}`, AdminCommissionStatementResponseSchema);

export const statementLines = async (token: string, id: number, params: URLSearchParams) =>
  adminCall(token, "GET", `${base}/${id}/lines`, StatementLinesResponseSchema, { params });

export const reconcileLine = async (token: string, id: number, lineId: number, body: ReconcileBody) =>
  adminCall(token, "POST", `${base}/${id}/lines/${lineId}/reconcile`, z.object({ line: StatementLineSchema }), {
    body,
  });

/** The lock, with the statement's version the page showed (another one: the upstream's 409 "stale"). */
export const lockStatement = async (token: string, id: number, version: number) =>
  adminCall(token, "POST", `${base}/${id}/lock`, z.object({ record: AdminCommissionStatementSchema }), {
    body: { version } satisfies z.input<typeof StatementLockBodySchema>,
  });

export const statementAgents = async (token: string) =>
  adminCall(token, "GET", `${base}/agents`, StatementAgentsResponseSchema);

export const importPreview = async (token: string, id: number, params: URLSearchParams) =>
  adminCall(token, "GET", `${base}/imports/${id}`, StatementImportPreviewSchema, { params });

export const saveMapping = async (token: string, id: number, mapping: StatementMapping) =>
  adminCall(token, "PUT", `${base}/imports/${id}/mapping`, StatementImportResponseSchema, { body: mapping });

export const confirmImport = async (token: string, id: number) =>
  adminCall(token, "POST", `${base}/imports/${id}/confirm`, StatementImportResponseSchema);

export const discardImport = async (token: string, id: number) =>
  adminCall(token, "POST", `${base}/imports/${id}/discard`, StatementImportResponseSchema);

export interface ImportFacts {
  carrierId: string;
  period: string;
  carrierStatementDate: string;
  fileName: string;
}

/** POST …/imports with the file as the body, streamed on as it arrives. */
export const uploadStatement = async (token: string, facts: ImportFacts, file: AsyncIterable<Uint8Array>) =>
  uploadFile(token, `${base}/imports`, { ...facts }, file);
