import type { UpstreamFile } from "./upstream/client";

/**
 * A file from the upstream, passed on to the browser as a download (issue 12: Learning Center attachments):
 * streamed as it arrives, with the portal's own headers, never the upstream's URL. Only PDF and raster images
 * keep their type (the server adds `nosniff` to every answer); anything else is plain bytes (`application/octet-stream`), so nothing the upstream sends can
 * run as a page of the portal's origin.
 */
const INLINE_TYPES = /^(application\/pdf|text\/csv|image\/(png|jpeg|gif|webp|avif|bmp|tiff))$/;

export function downloadType(contentType: string): string {
  const type = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  return INLINE_TYPES.test(type) ? type : "application/octet-stream";
}

/** The file name an upstream Content-Disposition gives (`filename*=UTF-8''…` first, then `filename="…"`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return cleanFileName(decodeURIComponent((extended[1] ?? "").trim()));
    } catch {
      // malformed percent-encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = plain?.[1] ?? plain?.[2];
  return name ? cleanFileName(name.replace(/\\(.)/g, "$1").trim()) : null;
}

/** No path, no control characters, at most 200 characters; null when nothing is left. */
export function cleanFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    .replace(/[\x00-\x1f\x7f]/g, "")
    .trim()
    .slice(-200);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? null : cleaned;
}

/** `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The browser's answer: the upstream's bytes as a stream, with the portal's headers. */
export function downloadResponse(file: UpstreamFile, fallbackName: string): Response {
  const type = downloadType(file.contentType);
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": attachmentDisposition(fileNameOf(file.contentDisposition) ?? fallbackName),
    "Cache-Control": "private, no-store",
  });
  if (file.contentLength && /^\d{1,12}$/.test(file.contentLength)) headers.set("Content-Length", file.contentLength);
  // An image opened directly can never run script (a PDF viewer needs no sandbox).
  if (type !== "application/pdf") headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  return new Response(file.body, { status: 200, headers });
}
