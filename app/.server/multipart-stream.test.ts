import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { MultipartStreamError, boundaryOf, multipartParts, textOf } from "./multipart-stream";

/** A form's body as the browser sends it, cut into chunks of `size` bytes. */
async function bodyOf(form: FormData, size: number) {
  const request = new Request("http://x/", { method: "POST", body: form });
  const bytes = new Uint8Array(await request.arrayBuffer());
  const boundary = boundaryOf(request.headers.get("content-type"));
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  });
  return { stream, boundary: boundary ?? "" };
}

describe("a multipart body read as a stream (the statement import)", () => {
  it.each([1, 7, 64, 100_000])("reads fields then the file's bytes, in chunks of %i", async (size) => {
    const form = new FormData();
    form.append("carrierId", "3");
    form.append("period", "2025-04");
    const file = `Policy,Amount\r\n${"MA-1,--12.00\r\n".repeat(500)}--boundary-like\r\n`;
    form.append("file", new File([file], "april.csv", { type: "text/csv" }));
    const { stream, boundary } = await bodyOf(form, size);
    const seen: Record<string, string> = {};
    let fileName: string | null = null;
    for await (const part of multipartParts(stream, boundary)) {
      if (part.filename !== null) {
        fileName = part.filename;
        const chunks: Uint8Array[] = [];
        for await (const chunk of part.content) chunks.push(chunk);
        seen[part.name] = Buffer.concat(chunks).toString("utf8");
      } else seen[part.name] = await textOf(part);
    }
    expect(seen).toEqual({ carrierId: "3", period: "2025-04", file });
    expect(fileName).toBe("april.csv");
  });

  it("refuses a body without its boundary and a text field too long", async () => {
    const junk = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("x".repeat(20_000)));
        controller.close();
      },
    });
    await expect(async () => {
      for await (const _ of multipartParts(junk, "b")) void _;
    }).rejects.toThrow(MultipartStreamError);
    const form = new FormData();
    form.append("period", "x".repeat(5000));
    const { stream, boundary } = await bodyOf(form, 100);
    await expect(async () => {
      for await (const part of multipartParts(stream, boundary)) await textOf(part);
    }).rejects.toThrow(MultipartStreamError);
  });

  // Issue 35 §2: undici destroys a request's body (Readable.from(content)) when the upstream answers before it has all
  // of it, as when it refuses a file at its first line; the rest of the form must still be read.
  it.each([
    [
      "leaves its for await",
      async (content: AsyncIterable<Uint8Array>) => {
        for await (const _ of content) break;
      },
    ],
    [
      "destroys the stream it made of the part",
      async (content: AsyncIterable<Uint8Array>) => {
        const stream = Readable.from(content);
        await new Promise((resolve) => stream.once("data", resolve));
        const closed = new Promise((resolve) => stream.once("close", resolve));
        stream.on("error", () => undefined);
        stream.destroy(new Error("write EPIPE"));
        await closed;
      },
    ],
  ])("skips the rest of a file part whose reader %s, and reads the fields after it", async (_, stopEarly) => {
    const form = new FormData();
    form.append("carrierId", "3");
    form.append("file", new File([`${"c,".repeat(300_000)}c\r\n`], "wide.csv", { type: "text/csv" }));
    form.append("kind", "rts");
    const { stream, boundary } = await bodyOf(form, 16 * 1024);
    const seen: Record<string, string> = {};
    for await (const part of multipartParts(stream, boundary)) {
      if (part.filename !== null) await stopEarly(part.content);
      else seen[part.name] = await textOf(part);
    }
    expect(seen).toEqual({ carrierId: "3", kind: "rts" });
  });
});
