/**
 * Attachments (legal answers, onboarding documents, tickets): images or PDF only, at most 10 MB (spec §5 "an
 * attachment (images or PDF)"), whose content is what their type says (uploadContentProblem). The reference API
 * checks its uploads with these same rules.
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
/** A file whose first bytes are not those of the PDF or image its name and type claim (e.g. HTML named w9.pdf). */
export const UPLOAD_WRONG_CONTENT = "The file's content is not an image or PDF";

/**
 * The type of the empty marker file the server's multipart parser puts in place of a file over
 * MAX_UPLOAD_BYTES (it keeps the name), so that validation reports the size at that field.
 */
export const OVERSIZED_UPLOAD_TYPE = "application/x-oversized-upload";

/**
 * The type of the empty marker file the server's multipart parser puts in place of a file whose content is not
 * what its type says (uploadContentProblem), so that validation reports it at that field.
 */
export const MISMATCHED_UPLOAD_TYPE = "application/x-mismatched-upload";

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

/** How many of a file's first bytes sniffedUploadType reads. */
export const UPLOAD_SNIFF_BYTES = 16;

const ascii = (head: Uint8Array, at: number, text: string) =>
  head.length >= at + text.length && [...text].every((ch, i) => head[at + i] === ch.charCodeAt(0));
const bytes = (head: Uint8Array, at: number, expected: number[]) =>
  head.length >= at + expected.length && expected.every((b, i) => head[at + i] === b);
/** ISO base media file brands of HEIC, HEIF and AVIF images (the `ftyp` box at the file's start). */
const IMAGE_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"]);

/**
 * What a file's first bytes (its "magic number") show it to be, among the types an upload may have: a PDF, or
 * a JPEG, PNG, GIF, WebP, BMP, TIFF, HEIC/HEIF or AVIF image; null for anything else (HTML, text, a program,
 * a file too short to tell).
 */
export function sniffedUploadType(head: Uint8Array): string | null {
  if (ascii(head, 0, "%PDF-")) return "application/pdf";
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (ascii(head, 0, "GIF87a") || ascii(head, 0, "GIF89a")) return "image/gif";
  if (ascii(head, 0, "RIFF") && ascii(head, 8, "WEBP")) return "image/webp";
  // "BM", the file's size, two reserved words that are zero.
  if (ascii(head, 0, "BM") && bytes(head, 6, [0, 0, 0, 0])) return "image/bmp";
  if (bytes(head, 0, [0x49, 0x49, 0x2a, 0x00]) || bytes(head, 0, [0x4d, 0x4d, 0x00, 0x2a])) return "image/tiff";
  if (ascii(head, 4, "ftyp") && head.length >= 12) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (IMAGE_BRANDS.has(brand)) return brand.startsWith("avi") ? "image/avif" : "image/heic";
  }
  return null;
}

/**
 * The problem with a file's content, from its first bytes (at least UPLOAD_SNIFF_BYTES, or the whole file):
 * a file attached as a PDF must start as a PDF does, one attached as an image as an image does (any of them: a
 * photo saved as .png that is really a JPEG is still an image). Null when they agree, and for a file whose
 * type or emptiness is already uploadProblem's to report. Checked by the portal's multipart parser and the
 * reference API, where the bytes are (the browser's check sees only the name and type).
 */
export function uploadContentProblem(file: FileLike, head: Uint8Array): string | null {
  const declared = acceptedUploadType(file);
  if (declared === null || head.length === 0) return null;
  const actual = sniffedUploadType(head);
  const agrees = declared === "application/pdf" ? actual === declared : actual?.startsWith("image/") === true;
  return agrees ? null : UPLOAD_WRONG_CONTENT;
}

/** The problem with a chosen file, or null when it can be attached. Check isEmptyFile first. */
export function uploadProblem(file: FileLike): string | null {
  if (file.type === OVERSIZED_UPLOAD_TYPE) return UPLOAD_TOO_LARGE;
  if (file.type === MISMATCHED_UPLOAD_TYPE) return UPLOAD_WRONG_CONTENT;
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
