import { describe, expect, it } from "vitest";
import { attachmentDisposition, downloadResponse, downloadType, fileNameOf } from "./download";

const stream = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

describe("issue 12: an attachment is downloaded through the portal with the portal's own headers", () => {
  it("keeps PDF and raster image types; anything else is plain bytes", () => {
    expect(downloadType("application/pdf")).toBe("application/pdf");
    expect(downloadType("image/PNG; x=y")).toBe("image/png");
    for (const type of ["text/html", "image/svg+xml", "application/javascript", "application/json", ""]) {
      expect(downloadType(type), type).toBe("application/octet-stream");
    }
  });

  it("reads the upstream's file name, preferring the UTF-8 one, never a path or control characters", () => {
    expect(fileNameOf(`inline; filename="guide.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`)).toBe("résumé.pdf");
    expect(fileNameOf(`inline; filename="guide.pdf"`)).toBe("guide.pdf");
    expect(fileNameOf(`attachment; filename=plain.png`)).toBe("plain.png");
    expect(fileNameOf(`inline; filename="../../etc/passwd"`)).toBe("passwd");
    expect(fileNameOf(`inline; filename*=UTF-8''a%0Db.pdf`)).toBe("ab.pdf");
    expect(fileNameOf(`inline; filename*=UTF-8''%E0%A4%A`)).toBeNull();
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf("inline")).toBeNull();
  });

  it("always an attachment, with an ASCII fallback name", () => {
    expect(attachmentDisposition('a "b".pdf')).toBe(
      `attachment; filename="a _b_.pdf"; filename*=UTF-8''a%20%22b%22.pdf`,
    );
    expect(attachmentDisposition("é.pdf")).toBe(`attachment; filename="_.pdf"; filename*=UTF-8''%C3%A9.pdf`);
  });

  it("streams the body with no-store, and a sandbox for anything but a PDF", async () => {
    const pdf = downloadResponse(
      {
        contentType: "application/pdf",
        contentLength: "5",
        contentDisposition: `inline; filename="x.pdf"`,
        body: stream("%PDF-"),
      },
      "fallback",
    );
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="x.pdf"/);
    expect(pdf.headers.get("content-length")).toBe("5");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    expect(pdf.headers.get("content-security-policy")).toBeNull();
    expect(await pdf.text()).toBe("%PDF-");

    const html = downloadResponse(
      { contentType: "text/html", contentLength: "bogus", contentDisposition: null, body: stream("<script>") },
      "attachment-3",
    );
    expect(html.headers.get("content-type")).toBe("application/octet-stream");
    expect(html.headers.get("content-disposition")).toMatch(/^attachment; filename="attachment-3"/);
    expect(html.headers.get("content-length")).toBeNull();
    expect(html.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });
});
