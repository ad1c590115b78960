/**
 * The shared part of every file import's upload (issue 23 §1, shared since issue 24: commission statements, carrier
 * imports): the request's body streamed — hashed (SHA-256, for "this file was imported before") and counted as it
 * passes, refused past `maxBytes`, read by csvRows — its header handed over once, then its rows in chunks for the
 * caller to stage. Nothing is held whole in memory.
 */
import { createHash } from "node:crypto";
import { Transform, type Readable } from "node:stream";
import { CsvFileError, csvRows } from "./csv-file.ts";

export const fileTooLarge = (max: number) =>
  `The file is larger than ${Math.round(max / (1024 * 1024))} MB: is it the carrier's file?`;
export const EMPTY_FILE = "The file is empty: it has no header row.";
export const UNREADABLE_FILE = "The file could not be read.";

export interface FileRow {
  line: number;
  cells: string[];
}

export interface ReadFileOptions {
  maxBytes: number;
  /** Rows handed to `onRows` at a time. */
  chunkRows: number;
  /** The header row (trimmed, each at most 200 characters), before any other row. */
  onHeader: (headers: string[]) => Promise<void>;
  /** The next rows, and how many have been read so far with them. */
  onRows: (rows: FileRow[], readSoFar: number) => Promise<void>;
}

export type ReadFileOutcome =
  | { kind: "read"; sha256: string; headers: string[]; rows: number }
  | { kind: "refused"; status: 413 | 422; message: string };

/** The bytes passing through, hashed and counted; past `maxBytes` the stream fails with the size refusal. */
function hashedAndCapped(hash: ReturnType<typeof createHash>, maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) return done(new CsvFileError(fileTooLarge(maxBytes)));
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

/**
 * Reads `body` (see the module's comment). A file that cannot be read is a refusal (413 too large, 422 otherwise,
 * with the message to show); any other error (the database's) is thrown.
 */
export async function readFile(body: Readable, options: ReadFileOptions): Promise<ReadFileOutcome> {
  const hash = createHash("sha256");
  const counted = hashedAndCapped(hash, options.maxBytes);
  body.on("error", (error) => counted.destroy(error));
  body.pipe(counted);
  let headers: string[] | null = null;
  let pending: FileRow[] = [];
  let read = 0;
  const flush = async () => {
    const rows = pending;
    pending = [];
    read += rows.length;
    await options.onRows(rows, read);
  };
  try {
    for await (const row of csvRows(counted)) {
      if (headers === null) {
        headers = row.cells.map((h) => h.trim().slice(0, 200));
        await options.onHeader(headers);
        continue;
      }
      pending.push({ line: row.line, cells: row.cells });
      if (pending.length >= options.chunkRows) await flush();
    }
    if (headers !== null) await flush();
  } catch (error) {
    body.unpipe(counted);
    if (error instanceof CsvFileError) {
      const tooLarge = error.message === fileTooLarge(options.maxBytes);
      return { kind: "refused", status: tooLarge ? 413 : 422, message: error.message };
    }
    throw error;
  }
  if (headers === null) return { kind: "refused", status: 422, message: EMPTY_FILE };
  return { kind: "read", sha256: hash.digest("hex"), headers, rows: read };
}
