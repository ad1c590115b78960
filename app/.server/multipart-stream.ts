/**
 * A multipart/form-data body read as a stream (issue 23 §1; shared by every file import since issue 24): an import's fields, then its file, whose
 * bytes are handed on as they arrive (to the upstream) instead of being held whole as the shared form reader
 * (app/.server/form-limits.ts) holds each part. Text fields are capped; parts, headers and a missing boundary end
 * the reading with MultipartStreamError.
 */
export class MultipartStreamError extends Error {}

export interface StreamedPart {
  name: string;
  filename: string | null;
  /**
   * The part's bytes. A reader that stops early (leaves its `for await`, or a stream made of it is destroyed, as
   * undici destroys a request's body when the upstream answers before it has all of it) cannot close it: the rest
   * of the part is skipped when the next part is asked for.
   */
  content: AsyncIterableIterator<Uint8Array>;
}

const MAX_HEADER = 8 * 1024;
const MAX_PARTS = 20;

export function boundaryOf(contentType: string | null): string | null {
  const match = /^multipart\/form-data;.*\bboundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? "");
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export async function* multipartParts(
  body: ReadableStream<Uint8Array>,
  boundary: string,
): AsyncGenerator<StreamedPart> {
  const reader = body.getReader();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The body starts with "--boundary": read as if a line break came before it.
  let buffer: Buffer = Buffer.from("\r\n");
  let done = false;
  const more = async (): Promise<boolean> => {
    if (done) return false;
    const next = await reader.read();
    if (next.done) {
      done = true;
      return false;
    }
    buffer = buffer.length === 0 ? Buffer.from(next.value) : Buffer.concat([buffer, next.value]);
    return true;
  };
  const need = async (bytes: number) => {
    while (buffer.length < bytes) if (!(await more())) throw new MultipartStreamError("The form ended too early.");
  };
  try {
    // The first delimiter.
    for (;;) {
      const at = buffer.indexOf(delimiter);
      if (at === 0) break;
      if (at > 0 || buffer.length > MAX_HEADER) throw new MultipartStreamError("The form could not be read.");
      if (!(await more())) throw new MultipartStreamError("The form could not be read.");
    }
    for (let parts = 0; ; parts++) {
      await need(delimiter.length + 2);
      const after = buffer.subarray(delimiter.length, delimiter.length + 2).toString("latin1");
      if (after === "--") return;
      if (after !== "\r\n" || parts >= MAX_PARTS) throw new MultipartStreamError("The form could not be read.");
      buffer = buffer.subarray(delimiter.length + 2);
      let end = buffer.indexOf("\r\n\r\n");
      while (end < 0) {
        if (buffer.length > MAX_HEADER || !(await more()))
          throw new MultipartStreamError("The form could not be read.");
        end = buffer.indexOf("\r\n\r\n");
      }
      const headers = buffer.subarray(0, end).toString("utf8");
      buffer = buffer.subarray(end + 4);
      const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? "";
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? "";
      const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
      const content = async function* (): AsyncGenerator<Uint8Array> {
        for (;;) {
          const at = buffer.indexOf(delimiter);
          if (at >= 0) {
            if (at > 0) yield buffer.subarray(0, at);
            buffer = buffer.subarray(at);
            return;
          }
          // Keep what could be the start of the delimiter.
          const keep = delimiter.length - 1;
          if (buffer.length > keep) {
            const out = buffer.subarray(0, buffer.length - keep);
            buffer = buffer.subarray(buffer.length - keep);
            yield out;
          }
          if (!(await more())) throw new MultipartStreamError("The form ended too early.");
        }
      };
      const rest = content();
      // Only `next`: a reader's early exit (`return`, `throw`) would close the generator with the rest of the part
      // unread, and the next part would be looked for in the middle of this one (issue 35 §2: a file the upstream
      // refused at its first line made the whole form unreadable).
      const part: StreamedPart = {
        name,
        filename,
        content: {
          next: async () => rest.next(),
          [Symbol.asyncIterator]() {
            return this;
          },
        },
      };
      yield part;
      // What the reader left: skipped (nothing when it read the part to its end). An async generator answers its
      // `next` calls in turn, so one still pending from the reader is answered first.
      for await (const _ of rest) void _;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

/** A text part's value (at most `max` bytes, else MultipartStreamError). */
export async function textOf(part: StreamedPart, max = 1024): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of part.content) {
    size += chunk.length;
    if (size > max) throw new MultipartStreamError(`The field ${part.name} is too long.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The reader of an upload form for `actionForm` (issue 24, every file import's upload page): the text fields named in
 * `fields` (in the form before the file) are kept, then the `file` part is handed to `start` with them — which
 * checks them and starts the upload, or answers null — while the body is read; its outcome is `upload` after.
 */
export function streamedUpload<T>(
  fields: readonly string[],
  start: (form: FormData, fileName: string, content: AsyncIterableIterator<Uint8Array>) => Promise<T> | null,
) {
  const outcome: { upload?: Promise<T>; fileMissing?: boolean } = {};
  const read = async (request: Request): Promise<FormData> => {
    const boundary = boundaryOf(request.headers.get("content-type"));
    if (!boundary || !request.body) throw new MultipartStreamError("The form could not be read.");
    const form = new FormData();
    for await (const part of multipartParts(request.body, boundary)) {
      if (part.name !== "file") {
        if (fields.includes(part.name)) form.set(part.name, await textOf(part));
        else await textOf(part, 64 * 1024);
        continue;
      }
      const upload = part.filename ? start(form, part.filename, part.content) : null;
      if (!upload) {
        outcome.fileMissing = !part.filename;
        for await (const _ of part.content) void _;
        continue;
      }
      // The upload runs while the body is read; its outcome is awaited after.
      outcome.upload = upload;
      await upload.catch(() => undefined);
    }
    return form;
  };
  return { read, outcome };
}
