/**
 * Whether an imported file is UTF-8 text (issue 23 §1; issue 35): the one check of every file import — commission
 * statements, carrier files and Sunfire exports — made where their bytes are read (the reference API's csvRows,
 * server/reference-api/core/file-imports/csv-file.ts), as they come, a chunk at a time. Pure.
 *
 * A file is refused when
 * - its bytes are not UTF-8 (a spreadsheet's Windows-1252 export; UTF-16 with its byte-order mark, FF FE or FE FF);
 * - it holds a NUL (U+0000): text never does, while UTF-16 of Latin text without a byte-order mark has one every
 *   other byte (valid UTF-8 otherwise, so read as cells full of NULs), a NUL-only file is nothing else, and
 *   binary files (a workbook, an image) carry them;
 * - it starts as a PDF does (`%PDF-`): a PDF may be ASCII throughout.
 * A UTF-8 byte-order mark is allowed (and dropped from the text).
 */

/** The refusal of a file that is not UTF-8 text, the same for every file import. */
export const NOT_UTF8_TEXT = "The file is not UTF-8 text. Save it as “CSV UTF-8” and import it again.";

const PDF_SIGNATURE = "%PDF-";

export interface Utf8TextReader {
  /** The text of the next bytes (a character split across chunks comes whole with the later one), or null: not text. */
  push(bytes: Uint8Array): string | null;
  /** The text left at the end (an incomplete character is not text: null). */
  end(): string | null;
}

/**
 * A file's bytes read as UTF-8 text a chunk at a time; once a chunk is refused (null) the file is not text and
 * the reader is done with it.
 */
export function utf8TextReader(): Utf8TextReader {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  // The file's first characters (after a byte-order mark), until there are enough to tell a PDF.
  let head = "";
  const checked = (decode: () => string): string | null => {
    let text: string;
    try {
      text = decode();
    } catch {
      return null;
    }
    if (text.includes("\u0000")) return null;
    if (head.length < PDF_SIGNATURE.length) {
      head = (head + text).slice(0, PDF_SIGNATURE.length);
      if (head === PDF_SIGNATURE) return null;
    }
    return text;
  };
  return {
    push: (bytes) => checked(() => decoder.decode(bytes, { stream: true })),
    end: () => checked(() => decoder.decode()),
  };
}

/** Whether a whole file's bytes are UTF-8 text (utf8TextReader's rules). */
export function isUtf8Text(bytes: Uint8Array): boolean {
  const reader = utf8TextReader();
  return reader.push(bytes) !== null && reader.end() !== null;
}
