import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { NOT_UTF8_TEXT } from "../../../../app/domain/text-file.ts";
import { CsvFileError, rowTooLong, csvRows, tooManyColumns, unclosedQuote } from "./csv-file.ts";

/** A Readable of `chunks` (strings as UTF-8 bytes, or raw bytes), one chunk per read. */
const fileOf = (...chunks: Array<string | Uint8Array>) =>
  Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c, "utf8") : Buffer.from(c))));

async function rowsOf(source: Readable) {
  const rows: Array<{ line: number; cells: string[] }> = [];
  for await (const row of csvRows(source)) rows.push(row);
  return rows;
}

async function refusal(source: Readable): Promise<string> {
  try {
    await rowsOf(source);
  } catch (error) {
    expect(error).toBeInstanceOf(CsvFileError);
    return (error as Error).message;
  }
  throw new Error("the file was read");
}

describe("a statement file is read as a stream of rows (issue 23)", () => {
  it("yields the header, then each row with its line in the file; BOM dropped, blank lines skipped, quotes read", async () => {
    const rows = await rowsOf(
      fileOf(
        "\uFEFFPolicy,Agent NPN,Amount,Note\r\n",
        'MA-1001,1234567,"1,250.00",first\r\n',
        "\r\n",
        'MA-1002,7654321,(80.00),"a note, with a comma\nand a line break"\r\n',
        "MA-1003,1234567,=1+2,@SUM(A1)\n",
      ),
    );
    expect(rows).toEqual([
      { line: 1, cells: ["Policy", "Agent NPN", "Amount", "Note"] },
      { line: 2, cells: ["MA-1001", "1234567", "1,250.00", "first"] },
      { line: 5, cells: ["MA-1002", "7654321", "(80.00)", "a note, with a comma\nand a line break"] },
      // A formula is a cell's text like any other: nothing evaluates it.
      { line: 6, cells: ["MA-1003", "1234567", "=1+2", "@SUM(A1)"] },
    ]);
  });

  it("reads a character split across two chunks; rows of a different length than the header pass", async () => {
    const e = Buffer.from("é", "utf8");
    const rows = await rowsOf(fileOf("Name,Amount\nRen", e.subarray(0, 1), e.subarray(1), ",12\nshort\n"));
    expect(rows.map((r) => r.cells)).toEqual([["Name", "Amount"], ["René", "12"], ["short"]]);
  });

  it("refuses a file that is not UTF-8 (a Windows-1252 export)", async () => {
    expect(await refusal(fileOf("Name,Amount\n", Uint8Array.from([0x52, 0x65, 0x6e, 0xe9, 0x2c, 0x31, 0x0a])))).toBe(
      NOT_UTF8_TEXT,
    );
  });

  it("refuses files that are valid UTF-8 but not text (issue 35): UTF-16 without its mark, NULs, a PDF", async () => {
    const utf16be = Uint8Array.from([..."Name,Amount\n"].flatMap((ch) => [0, ch.charCodeAt(0)]));
    expect(await refusal(fileOf(utf16be))).toBe(NOT_UTF8_TEXT);
    expect(await refusal(fileOf(new Uint8Array(4096)))).toBe(NOT_UTF8_TEXT);
    expect(await refusal(fileOf("%P", "DF-1.4\n1 0 obj\n"))).toBe(NOT_UTF8_TEXT);
  });

  it("refuses a million columns and a quote never closed, each at its line", async () => {
    expect(await refusal(fileOf("Policy,Amount\n", ",".repeat(1_000_000), "\n"))).toBe(rowTooLong(2));
    expect(await refusal(fileOf(`${Array.from({ length: 300 }, (_, i) => `c${i}`).join(",")}\n`))).toBe(
      tooManyColumns(200),
    );
    expect(await refusal(fileOf('Policy,Amount\nMA-1,"12\n'))).toBe(unclosedQuote(2));
  });

  it("stops at the first row too long, never reading the rest of an endless body", async () => {
    let read = 0;
    const endless = new Readable({
      read() {
        read += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024, 0x61));
      },
    });
    expect(await refusal(endless)).toBe(rowTooLong(1));
    expect(read).toBeLessThan(10 * 1024 * 1024);
    expect(endless.destroyed).toBe(true);
  });

  it("streams 50,000 lines one at a time, and a reader that stops early ends the file's reading", async () => {
    function* lines(count: number) {
      yield "Policy,Agent NPN,Amount\n";
      for (let i = 0; i < count; i++) yield `MA-${1_000_000 + i},${1_000_000 + (i % 500)},${(i % 9000) + 0.25}\n`;
    }
    let count = 0;
    for await (const row of csvRows(Readable.from(lines(50_000)))) {
      count++;
      if (count === 50_001) expect(row).toEqual({ line: 50_001, cells: ["MA-1049999", "1000499", "4999.25"] });
    }
    expect(count).toBe(50_001);

    const source = Readable.from(lines(1_000_000));
    let seen = 0;
    for await (const _row of csvRows(source)) if (++seen === 10) break;
    expect(source.destroyed).toBe(true);
  });
});
