import { describe, expect, it } from "vitest";
import {
  MAX_UPLOAD_BYTES,
  MISMATCHED_UPLOAD_TYPE,
  OVERSIZED_UPLOAD_TYPE,
  UPLOAD_TOO_LARGE,
  uploadProblem,
} from "~/domain/uploads";
import { FORM_LIMITS, UNREADABLE_FORM } from "./form-limits";
import { parseUploadForm } from "./upload";

function multipart(entries: Array<[string, string | File]>): Request {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return new Request("http://portal.test/contact_support", { method: "POST", body: form });
}

/** The status and messages of a refusal thrown as `data()`, or "ok". */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; messages: string[] } | "ok"> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    const { init, data } = error as { init?: { status?: number }; data?: { messages?: string[] } };
    return { status: init?.status ?? -1, messages: data?.messages ?? [] };
  }
}

describe("parseUploadForm: a form with uploads, read within its limits (decision 008)", () => {
  it("keeps every text field and each chosen file with its name, type and bytes", async () => {
    const pdf = new File(["%PDF-1.4 hello"], "w9.pdf", { type: "application/pdf" });
    const form = await parseUploadForm(
      multipart([
        ["subject", "Help"],
        ["answers[0].file", pdf],
        ["message", "Zoë – ünïcode"],
      ]),
    );
    expect(form.get("subject")).toBe("Help");
    expect(form.get("message")).toBe("Zoë – ünïcode");
    const file = form.get("answers[0].file") as File;
    expect(file).toBeInstanceOf(File);
    expect({ name: file.name, type: file.type, text: await file.text() }).toEqual({
      name: "w9.pdf",
      type: "application/pdf",
      text: "%PDF-1.4 hello",
    });
  });

  it("a file input left empty is not a file (no empty File reaches validation)", async () => {
    // As a browser sends it: the part with an empty filename and no bytes.
    const boundary = "----portalTestBoundary";
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="subject"\r\n\r\nHelp\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename=""\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`;
    const request = new Request("http://portal.test/x", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    const form = await parseUploadForm(request);
    expect(form.has("attachment")).toBe(false);
    expect(form.get("subject")).toBe("Help");
  });

  it("a file over 10 MB becomes an empty marker at its field, named as chosen; every other field survives", async () => {
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "scan.png", { type: "image/png" });
    const form = await parseUploadForm(
      multipart([
        ["subject", "Help"],
        ["attachment", big],
      ]),
    );
    const marker = form.get("attachment") as File;
    expect({ name: marker.name, type: marker.type, size: marker.size }).toEqual({
      name: "scan.png",
      type: OVERSIZED_UPLOAD_TYPE,
      size: 0,
    });
    expect(form.get("subject")).toBe("Help");
  });

  it("a file whose content is not what its type says becomes an empty marker at its field (issue 20)", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const form = await parseUploadForm(
      multipart([
        ["subject", "Help"],
        ["w9", new File(["<!DOCTYPE html><script>alert(1)</script>"], "w9.pdf", { type: "application/pdf" })],
        ["logo", new File(["GIF8"], "logo.png", { type: "image/png" })],
        ["scan", new File([png], "scan.png", { type: "image/png" })],
        ["notes", new File(["plain text"], "notes.txt", { type: "text/plain" })],
      ]),
    );
    for (const [field, name] of [
      ["w9", "w9.pdf"],
      ["logo", "logo.png"],
    ]) {
      const marker = form.get(field!) as File;
      expect({ name: marker.name, type: marker.type, size: marker.size }, field).toEqual({
        name,
        type: MISMATCHED_UPLOAD_TYPE,
        size: 0,
      });
      expect(uploadProblem(marker)).toBe("The file's content is not an image or PDF");
    }
    // A real PNG is kept as sent; a file of a type that cannot be attached is the type rule's to refuse.
    expect(new Uint8Array(await (form.get("scan") as File).arrayBuffer())).toEqual(png);
    expect((form.get("notes") as File).type).toBe("text/plain");
    expect(form.get("subject")).toBe("Help");
  });

  it("too many files, or a hostile field name, is a 400 before anything builds on it", async () => {
    const files = Array.from({ length: FORM_LIMITS.files + 1 }, (_, i): [string, File] => [
      `f${i}`,
      new File(["x"], `${i}.pdf`),
    ]);
    expect(await refusal(parseUploadForm(multipart(files)))).toEqual({ status: 400, messages: [UNREADABLE_FORM] });
    expect(await refusal(parseUploadForm(multipart([["pad[10000000]", "x"]])))).toEqual({
      status: 400,
      messages: [UNREADABLE_FORM],
    });
  });

  it("a request over the total upload budget is a 413 that names the size", async () => {
    const huge = new File([new Uint8Array(FORM_LIMITS.multipartBytes + 1)], "huge.pdf", { type: "application/pdf" });
    expect(await refusal(parseUploadForm(multipart([["attachment", huge]])))).toEqual({
      status: 413,
      messages: [UPLOAD_TOO_LARGE],
    });
  });

  it("an urlencoded post to an upload form is read like any form", async () => {
    const request = new Request("http://portal.test/x", {
      method: "POST",
      body: "subject=Help&ticketId=3",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const form = await parseUploadForm(request);
    expect(Object.fromEntries(form)).toEqual({ subject: "Help", ticketId: "3" });
  });
});
