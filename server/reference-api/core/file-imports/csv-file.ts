/**
 * Reading a carrier's CSV file (issue 23 §1, shared since issue 24 by every file import: statements, carrier imports,
 * Sunfire exports): a CSV streamed from the request, never held whole in memory — the bytes are checked as UTF-8
 * text as they come (app/domain/text-file.ts), parsed by csv-parse one record at a time, and handed on as rows of
 * text cells, the first being the header. A file that cannot be read stops the reading with a CsvFileError whose
 * message is the one to show: not UTF-8 text, a row too long, too many columns, a quote never closed. Cells are
 * data: a cell starting with "=" is text like any other (the import never evaluates it, and the CSV exports
 * neutralise it on the way out).
 */
import { Transform, type Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { NOT_UTF8_TEXT, utf8TextReader } from "../../../../app/domain/text-file.ts";

export class CsvFileError extends Error {}

export const tooManyColumns = (max: number) => `The file has more than ${max} columns: is it the carrier's file?`;
export const rowTooLong = (line: number) => `Line ${line} is too long to be a row of a carrier's file.`;
export const unclosedQuote = (line: number) => `Line ${line} opens a quote that is never closed.`;
export const NOT_CSV = "The file could not be read as CSV.";

export interface CsvFileLimits {
  /** The most columns a row may have (a carrier's file has a few dozen). */
  maxColumns: number;
  /** The most characters one row may hold. */
  maxRowChars: number;
}

export const CSV_FILE_LIMITS: CsvFileLimits = { maxColumns: 200, maxRowChars: 64 * 1024 };

/**
 * UTF-8 bytes in, text out, refusing a file that is not UTF-8 text (app/domain/text-file.ts: a spreadsheet's
 * Windows-1252 export, UTF-16, NULs, a PDF) and a line longer than `maxRowChars` as soon as it is seen (an endless
 * body, a million commas), before any of it is parsed or kept.
 */
function checkedText(maxRowChars: number): Transform {
  const reader = utf8TextReader();
  let line = 1;
  let sinceBreak = 0;
  const check = (text: string): CsvFileError | null => {
    let start = 0;
    for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", start)) {
      if (sinceBreak + (at - start) > maxRowChars) return new CsvFileError(rowTooLong(line));
      line++;
      sinceBreak = 0;
      start = at + 1;
    }
    sinceBreak += text.length - start;
    return sinceBreak > maxRowChars ? new CsvFileError(rowTooLong(line)) : null;
  };
  const pass = (text: string | null, done: (error?: Error | null, text?: string) => void) => {
    if (text === null) return done(new CsvFileError(NOT_UTF8_TEXT));
    const problem = check(text);
    return problem ? done(problem) : done(null, text);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pass(reader.push(chunk), done);
    },
    flush(done) {
      pass(reader.end(), done);
    },
  });
}

/** The user's message for csv-parse's refusal of the record at `line`. */
function messageOf(error: CsvError, limits: CsvFileLimits): string {
  const line = typeof error.lines === "number" ? error.lines : 0;
  switch (error.code) {
    case "CSV_MAX_RECORD_SIZE":
      return rowTooLong(line);
    case "CSV_QUOTE_NOT_CLOSED":
      return unclosedQuote(line);
    default:
      return error.message.includes("column") ? tooManyColumns(limits.maxColumns) : NOT_CSV;
  }
}

/**
 * The rows of a CSV file, the header first, each with its line number in the file. Blank lines are skipped
 * and a byte-order mark is dropped; rows may have fewer or more cells than the header (the import says which
 * line lacks what), but never more than `maxColumns`.
 */
export async function* csvRows(
  source: Readable,
  limits: CsvFileLimits = CSV_FILE_LIMITS,
): AsyncGenerator<{ line: number; cells: string[] }> {
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    // Windows, Unix and old Mac line ends, even mixed in one file.
    record_delimiter: ["\r\n", "\n", "\r"],
    max_record_size: limits.maxRowChars,
    info: true,
  });
  const text = checkedText(limits.maxRowChars);
  // An error on either side ends the iteration below with it (the source is then destroyed, nothing more read).
  const fail = (error: Error) => parser.destroy(error);
  source.on("error", fail);
  text.on("error", fail);
  source.pipe(text).pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (record.length > limits.maxColumns) throw new CsvFileError(tooManyColumns(limits.maxColumns));
      yield { line: info.lines, cells: record };
    }
  } catch (error) {
    if (error instanceof CsvFileError) throw error;
    if (error instanceof CsvError) throw new CsvFileError(messageOf(error, limits));
    throw error;
  } finally {
    source.unpipe(text);
    source.destroy();
    text.destroy();
    parser.destroy();
  }
}
