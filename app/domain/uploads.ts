/**
 * Attachments (legal answers, onboarding documents, tickets): images or PDF only, at most 10 MB (spec §5 "an
 * attachment (images or PDF)"). The reference API checks its uploads with these same rules.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** For the file input's accept attribute. */
export const ACCEPTED_UPLOAD_TYPES = "image/*,application/pdf";

/** What the accepted types read as, in labels and messages. */
export const ACCEPTED_UPLOAD_TEXT = "image or PDF";

/** A file size as a label shows it: "12 KB" (at least 1 KB), "2.5 MB" from 1 MB on. */
export function fileSizeText(bytes: number): string {
  const kb = Math.max(1, Math.round(bytes / 1024));
  if (kb < 1024) return `${kb} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** The upload rules a file field states: "image or PDF, up to 10 MB". */
export function uploadRulesText(): string {
  return `${ACCEPTED_UPLOAD_TEXT}, up to ${fileSizeText(MAX_UPLOAD_BYTES)}`;
}

/** A file field's label with the upload rules: "Attachment (optional, image or PDF, up to 10 MB)". */
export function uploadLabel(label: string, options: { optional?: boolean } = {}): string {
  return `${label} (${options.optional ? "optional, " : ""}${uploadRulesText()})`;
}

export const UPLOAD_WRONG_TYPE = "Only images or PDF files can be attached";
export const UPLOAD_TOO_LARGE = "The file is larger than 10 MB";
/** A chosen file with no content (the upstream refuses it too). */
export const UPLOAD_EMPTY = "The attached file is empty";

/**
 * The type of the empty marker file the server's multipart parser puts in place of a file over
 * MAX_UPLOAD_BYTES (it keeps the name), so that validation reports the size at that field.
 */
export const OVERSIZED_UPLOAD_TYPE = "application/x-oversized-upload";

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

const EXTENSION_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
  tif: "image/tiff",
  tiff: "image/tiff",
  heic: "image/heic",
  heif: "image/heif",
};

/**
 * The file's type without parameters, in lower case. When the browser gave none (it leaves `type` empty for some
 * files, e.g. .heic on some systems, and then sends the part as application/octet-stream), the extension decides.
 */
function effectiveType(file: FileLike): string {
  const type = ((file.type ?? "").split(";")[0] ?? "").trim().toLowerCase();
  if (type && type !== "application/octet-stream") return type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name ?? "")?.[1]?.toLowerCase() ?? "";
  return EXTENSION_TYPES[extension] ?? type;
}

/**
 * The type a file is attached (stored and served) with, or null when it cannot be attached: a PDF or an image
 * (ACCEPTED_UPLOAD_TYPES), but not SVG: it can carry scripts. One rule for the portal and the reference API.
 */
export function acceptedUploadType(file: FileLike): string | null {
  const type = effectiveType(file);
  if (type === "image/svg+xml") return null;
  return type === "application/pdf" || /^image\/[a-z0-9.+-]+$/.test(type) ? type : null;
}

/** The problem with a chosen file, or null when it can be attached. Check isEmptyFile first. */
export function uploadProblem(file: FileLike): string | null {
  if (file.type === OVERSIZED_UPLOAD_TYPE) return UPLOAD_TOO_LARGE;
  if (acceptedUploadType(file) === null) return UPLOAD_WRONG_TYPE;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TOO_LARGE;
  if (file.size === 0) return UPLOAD_EMPTY;
  return null;
}

/** "No file chosen": a browser submits an empty file input as a nameless, empty file. */
export function isEmptyFile(file: FileLike | null | undefined): boolean {
  return !file || (file.size === 0 && !file.name);
}

/**
 * A hidden field forms with file inputs add once hydrated: the submission was sent by JavaScript, so the
 * page (and the files chosen in it) stays in place if the send fails. Without it (a plain form post,
 * before hydration or without JavaScript) a failed send loses the chosen files, and the form says so.
 */
export const FILES_KEPT_FIELD = "_filesKept";
