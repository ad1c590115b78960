/**
 * Attachments (legal answers, onboarding documents, ticket messages): checked by the portal's own upload rule
 * (`app/domain/uploads.ts`: images but SVG, or PDF, at most 10 MB, their first bytes those of their type), stored
 * under a clean name, served inertly.
 */
import type { Response } from "express";
import {
  acceptedUploadType,
  UPLOAD_EMPTY,
  UPLOAD_TOO_LARGE,
  uploadContentProblem,
  uploadProblem,
} from "../../../app/domain/uploads.ts";
import { HttpError } from "./legal-answers-form.ts";

export interface Upload {
  name: string;
  contentType: string;
  data: Uint8Array;
}

/**
 * A sent file, ready to store, or an HttpError: 422 for a type that cannot be attached or content that is not
 * what the type says (HTML named w9.pdf), 413 over 10 MB, 422 `emptyMessage` for a file with no bytes.
 */
export async function readUpload(file: File, emptyMessage = UPLOAD_EMPTY): Promise<Upload> {
  const problem = uploadProblem(file);
  if (problem === UPLOAD_TOO_LARGE) throw new HttpError(413, problem);
  if (problem === UPLOAD_EMPTY) throw new HttpError(422, emptyMessage);
  if (problem) throw new HttpError(422, problem);
  // No problem means an accepted type.
  const contentType = acceptedUploadType(file)!;
  const data = new Uint8Array(await file.arrayBuffer());
  const wrongContent = uploadContentProblem(file, data);
  if (wrongContent) throw new HttpError(422, wrongContent);
  return { name: cleanFileName(file.name), contentType, data };
}

/** A stored file name: no path, no control characters, at most 255 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    .replace(/[\x00-\x1f\x7f]/g, "")
    .trim()
    .slice(-255);
  return cleaned || "attachment";
}

/** `inline; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sends a stored file to its owner: never sniffed, never cached, never able to run script. */
export function sendStoredFile(res: Response, file: { name: string; contentType: string; data: Uint8Array }): void {
  res.set({
    "Content-Type": file.contentType,
    "Content-Length": String(file.data.byteLength),
    "Content-Disposition": contentDisposition(file.name),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
  // Images must not run script if opened directly (SVG is refused at upload; files stored before stay inert);
  // browsers' PDF viewers need no sandbox.
  if (file.contentType !== "application/pdf") res.set("Content-Security-Policy", "default-src 'none'; sandbox");
  res.end(file.data);
}
