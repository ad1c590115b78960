/**
 * The carrier imports' upstream calls beyond the list (issue 24 §1; contract.server.ts): an import with its history, a
 * page of its rows (preview or results), the mapping, confirm, discard, the results CSV and the upload (streamed by the
 * shared app/.server/upstream/file-upload.ts).
 */
import { adminCall, adminFile } from "~/.server/upstream/admin";
import { uploadFile } from "~/.server/upstream/file-upload";
import {
  BrokerAppointmentsResponseSchema,
  CarrierImportRecordResponseSchema,
  CarrierImportResponseSchema,
  CarrierImportRowsResponseSchema,
} from "./contract.server";
import type { CarrierImportMapping } from "./records";

const base = "carrier_imports";

export const importRecord = async (token: string, id: number) =>
  adminCall(token, "GET", `${base}/${id}`, CarrierImportRecordResponseSchema);

export const importRows = async (token: string, id: number, params: URLSearchParams) =>
  adminCall(token, "GET", `${base}/${id}/rows`, CarrierImportRowsResponseSchema, { params });

export const saveMapping = async (token: string, id: number, mapping: CarrierImportMapping) =>
  adminCall(token, "PUT", `${base}/${id}/mapping`, CarrierImportResponseSchema, { body: mapping });

export const confirmImport = async (token: string, id: number) =>
  adminCall(token, "POST", `${base}/${id}/confirm`, CarrierImportResponseSchema);

export const discardImport = async (token: string, id: number) =>
  adminCall(token, "POST", `${base}/${id}/discard`, CarrierImportResponseSchema);

export const resultsCsv = async (token: string, id: number) => adminFile(token, `${base}/${id}/results`);

/** POST …/upload with the file as the body, streamed on as it arrives. */
export const uploadCarrierFile = async (
  token: string,
  facts: { carrierId: string; kind: string; fileName: string },
  file: AsyncIterable<Uint8Array>,
) => uploadFile(token, `${base}/upload`, facts, file);

/** A broker's appointments, as the carriers' appointments files said them. */
export const brokerAppointments = async (token: string, brokerId: number) =>
  adminCall(token, "GET", `brokers/${brokerId}/appointments`, BrokerAppointmentsResponseSchema);
