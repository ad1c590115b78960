import { describe, expect, it } from "vitest";
import {
  ACCEPTED_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  acceptedUploadType,
  OVERSIZED_UPLOAD_TYPE,
  fileSizeText,
  isEmptyFile,
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
