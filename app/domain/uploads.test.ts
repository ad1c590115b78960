import { describe, expect, it } from "vitest";
import {
  ACCEPTED_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  acceptedUploadType,
  OVERSIZED_UPLOAD_TYPE,
  fileSizeText,
  isEmptyFile,
  MISMATCHED_UPLOAD_TYPE,
  sniffedUploadType,
  uploadContentProblem,
  uploadLabel,
  uploadProblem,
  uploadRulesText,
} from "~/domain/uploads";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("spec §5: a legal explanation requires an attachment (images or PDF), at most 10 MB", () => {
  it("the limits", () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(ACCEPTED_UPLOAD_TYPES).toBe("image/*,application/pdf");
  });
  it.each([
    file("a.pdf", "application/pdf"),
    file("a.png", "image/png"),
    file("a.JPG", "image/jpeg"),
    file("scan.heic", ""),
    file("b.pdf", "", MAX_UPLOAD_BYTES),
  ])("accepts %j", (f) => expect(uploadProblem(f)).toBeNull());
  it.each([
    file("a.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    file("a.txt", "text/plain"),
    file("a.svg", "image/svg+xml"),
    file("noext", ""),
    file("a.exe", ""),
  ])("refuses other types: %j", (f) => expect(uploadProblem(f)).toBe("Only images or PDF files can be attached"));
  it("refuses files over 10 MB", () => {
    expect(uploadProblem(file("a.pdf", "application/pdf", MAX_UPLOAD_BYTES + 1))).toBe("The file is larger than 10 MB");
  });
  it("the server's oversized marker (an empty file of OVERSIZED_UPLOAD_TYPE) reads as too large", () => {
    const marker = new File([], "huge.pdf", { type: OVERSIZED_UPLOAD_TYPE });
    expect(isEmptyFile(marker)).toBe(false);
    expect(uploadProblem(marker)).toBe("The file is larger than 10 MB");
  });
  it("refuses a chosen file with no content", () => {
    expect(uploadProblem(new File([], "empty.pdf", { type: "application/pdf" }))).toBe("The attached file is empty");
  });
  it("the type problem wins over the size problem", () => {
    expect(uploadProblem(file("a.zip", "application/zip", MAX_UPLOAD_BYTES + 1))).toBe(
      "Only images or PDF files can be attached",
    );
  });
  it("works with real File objects", () => {
    expect(uploadProblem(new File(["%PDF"], "x.pdf", { type: "application/pdf" }))).toBeNull();
  });
});

describe("acceptedUploadType: the type an attachment is stored with (portal and reference API)", () => {
  it("is the type without parameters, in lower case", () => {
    expect(acceptedUploadType(file("a.pdf", "application/pdf"))).toBe("application/pdf");
    expect(acceptedUploadType(file("a.png", "IMAGE/PNG"))).toBe("image/png");
    expect(acceptedUploadType(file("a.jpg", "image/jpeg; charset=binary"))).toBe("image/jpeg");
  });
  it("falls back to the extension when the browser gave no type (sent as application/octet-stream)", () => {
    expect(acceptedUploadType(file("scan.heic", ""))).toBe("image/heic");
    expect(acceptedUploadType(file("scan.HEIC", "application/octet-stream"))).toBe("image/heic");
    expect(acceptedUploadType(file("a.bin", "application/octet-stream"))).toBeNull();
  });
  it("refuses SVG however it is named, and anything that is neither an image nor a PDF", () => {
    expect(acceptedUploadType(file("a.svg", "image/svg+xml; charset=utf-8"))).toBeNull();
    expect(acceptedUploadType(file("a.png", "image/svg+xml"))).toBeNull();
    expect(acceptedUploadType(file("a.pdf", "text/html"))).toBeNull();
    expect(acceptedUploadType(file("a", "image/"))).toBeNull();
  });
});

describe("no file chosen", () => {
  it("an empty nameless file, null or undefined is no file", () => {
    expect(isEmptyFile(new File([], ""))).toBe(true);
    expect(isEmptyFile(file("", "application/octet-stream", 0))).toBe(true);
    expect(isEmptyFile(null)).toBe(true);
    expect(isEmptyFile(undefined)).toBe(true);
  });
  it("a named file is a file even when empty", () => {
    expect(isEmptyFile(new File([], "empty.pdf", { type: "application/pdf" }))).toBe(false);
    expect(isEmptyFile(file("a.pdf", "application/pdf"))).toBe(false);
  });
});

describe("what a file field says about the upload rules and a file", () => {
  it("the rules, from the accepted types and the size limit", () => {
    expect(uploadRulesText()).toBe("image or PDF, up to 10 MB");
  });
  it("a label with the rules, for a required or an optional file", () => {
    expect(uploadLabel("W-9 form")).toBe("W-9 form (image or PDF, up to 10 MB)");
    expect(uploadLabel("Attachment", { optional: true })).toBe("Attachment (optional, image or PDF, up to 10 MB)");
  });
  it.each([
    [0, "1 KB"],
    [300, "1 KB"],
    [12_800, "13 KB"],
    [1023 * 1024, "1023 KB"],
    [1024 * 1024, "1 MB"],
    [2.5 * 1024 * 1024, "2.5 MB"],
    [MAX_UPLOAD_BYTES, "10 MB"],
  ])("%i bytes read %s", (bytes, text) => expect(fileSizeText(bytes)).toBe(text));
});

/** The first bytes of a real file of each kind (then some filler). */
const bytesOf = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)));
const HEADS = {
  pdf: bytesOf("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"),
  png: bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR"),
  jpeg: bytesOf([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF\0"),
  gif: bytesOf("GIF89a", [1, 0, 1, 0, 0x80, 0, 0]),
  webp: bytesOf("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "),
  bmp: bytesOf("BM", [0x3a, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0]),
  tiff: bytesOf([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]),
  tiffBigEndian: bytesOf([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]),
  heic: bytesOf([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1"),
  avif: bytesOf([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "mif1"),
};
const HTML = bytesOf("<!DOCTYPE html><html><body><script>alert(1)</script>");

describe("an upload's content is what its type says: its first bytes (issue 20)", () => {
  it.each([
    ["pdf", "application/pdf"],
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["gif", "image/gif"],
    ["webp", "image/webp"],
    ["bmp", "image/bmp"],
    ["tiff", "image/tiff"],
    ["tiffBigEndian", "image/tiff"],
    ["heic", "image/heic"],
    ["avif", "image/avif"],
  ] as const)("the first bytes of a %s read as %s", (kind, type) => {
    expect(sniffedUploadType(HEADS[kind])).toBe(type);
  });

  it.each([
    ["HTML", HTML],
    ["plain text", bytesOf("Name: Maria Alvarez\nTIN: 12-3456789")],
    ["a ZIP (or .docx)", bytesOf([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])],
    ["a Windows program", bytesOf("MZ", [0x90, 0, 3, 0, 0, 0, 4, 0])],
    ["an SVG", bytesOf('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["a PDF marker not at the start", bytesOf("<html>%PDF-1.4")],
    ["text that starts with BM", bytesOf("BMW lease agreement")],
    ["a video's ftyp box", bytesOf([0, 0, 0, 0x18], "ftypisom", [0, 0, 2, 0])],
    ["an empty file", new Uint8Array()],
    ["a PNG signature cut short", bytesOf([0x89, 0x50, 0x4e, 0x47])],
    ["a PDF signature cut short", bytesOf("%PDF")],
    ["two bytes of a JPEG", bytesOf([0xff, 0xd8])],
  ])("%s is no accepted type", (_what, head) => {
    expect(sniffedUploadType(head)).toBeNull();
  });

  it("a PDF must hold a PDF, an image an image (any image: a JPEG saved as .png is still a picture)", () => {
    expect(uploadContentProblem(file("w9.pdf", "application/pdf"), HEADS.pdf)).toBeNull();
    expect(uploadContentProblem(file("w9.pdf", ""), HEADS.pdf)).toBeNull();
    expect(uploadContentProblem(file("scan.png", "image/png"), HEADS.png)).toBeNull();
    expect(uploadContentProblem(file("scan.png", "image/png"), HEADS.jpeg)).toBeNull();
    expect(uploadContentProblem(file("scan.heic", ""), HEADS.heic)).toBeNull();

    const wrong = "The file's content is not an image or PDF";
    expect(uploadContentProblem(file("w9.pdf", "application/pdf"), HTML)).toBe(wrong);
    expect(uploadContentProblem(file("w9.pdf", "application/pdf"), HEADS.png)).toBe(wrong);
    expect(uploadContentProblem(file("logo.png", "image/png"), HTML)).toBe(wrong);
    expect(uploadContentProblem(file("logo.png", "image/png"), HEADS.pdf)).toBe(wrong);
    expect(uploadContentProblem(file("scan.jpg", "image/jpeg"), bytesOf([0xff, 0xd8]))).toBe(wrong);
    expect(uploadContentProblem(file("x.pdf", "application/octet-stream"), bytesOf("MZ"))).toBe(wrong);
  });

  it("a wrong type or an empty file is uploadProblem's to report, not the content's", () => {
    expect(uploadContentProblem(file("notes.txt", "text/plain"), HTML)).toBeNull();
    expect(uploadContentProblem(file("w9.pdf", "application/pdf", 0), new Uint8Array())).toBeNull();
  });

  it("the server's marker for such a file (an empty file of MISMATCHED_UPLOAD_TYPE) reads as the content problem", () => {
    const marker = new File([], "w9.pdf", { type: MISMATCHED_UPLOAD_TYPE });
    expect(isEmptyFile(marker)).toBe(false);
    expect(uploadProblem(marker)).toBe("The file's content is not an image or PDF");
  });
});
