import { describe, expect, it } from "vitest";
import { isUtf8Text, utf8TextReader } from "./text-file";

const utf8 = (text: string) => new TextEncoder().encode(text);
/** UTF-16 code units of `text`, big- or little-endian, without a byte-order mark. */
function utf16(text: string, order: "be" | "le"): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    out[i * 2 + (order === "be" ? 0 : 1)] = unit >> 8;
    out[i * 2 + (order === "be" ? 1 : 0)] = unit & 0xff;
  }
  return out;
}
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

const CSV = "Agent NPN,Carrier,Plan Name\r\n17845210,Summit Mutual,Summit Choice (PPO)\r\n";

describe("an imported file is UTF-8 text (issue 35: one check for every file import)", () => {
  it.each([
    ["UTF-8", utf8(CSV)],
    ["UTF-8 with its byte-order mark", concat(Uint8Array.from([0xef, 0xbb, 0xbf]), utf8(CSV))],
    ["Latin text with accents and other scripts", utf8("Nom,Prénom\r\nNúñez,Zoë\r\nÅsa,Łukasz\r\nΑθηνά,東京\r\n")],
    ["a formula or a PDF's name in a cell", utf8("Note\r\n%PDF-1.4 attached,=1+2\r\n")],
    ["an empty file (the import says it has no header)", new Uint8Array()],
  ])("%s is text", (_name, bytes) => {
    expect(isUtf8Text(bytes)).toBe(true);
  });

  it.each([
    ["UTF-16BE without a byte-order mark", utf16(CSV, "be")],
    ["UTF-16LE without a byte-order mark", utf16(CSV, "le")],
    ["UTF-16LE with its byte-order mark", concat(Uint8Array.from([0xff, 0xfe]), utf16(CSV, "le"))],
    ["UTF-16BE with its byte-order mark", concat(Uint8Array.from([0xfe, 0xff]), utf16(CSV, "be"))],
    ["NULs only", new Uint8Array(4096)],
    ["one NUL in a cell", utf8("Name\r\nMa\u0000ria\r\n")],
    ["a PDF that is ASCII throughout", utf8("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n")],
    ["a PDF after a UTF-8 byte-order mark", concat(Uint8Array.from([0xef, 0xbb, 0xbf]), utf8("%PDF-1.7\n"))],
    ["a PDF with its binary comment", concat(utf8("%PDF-1.7\n%"), Uint8Array.from([0xe2, 0xe3, 0xcf, 0xd3]))],
    ["Windows-1252 (é as one byte)", concat(utf8("Name\r\nRen"), Uint8Array.from([0xe9]), utf8("\r\n"))],
    ["a lone continuation byte", Uint8Array.from([0x41, 0x80, 0x42])],
    ["an overlong encoding of /", Uint8Array.from([0xc0, 0xaf])],
    ["an encoded surrogate", Uint8Array.from([0xed, 0xa0, 0x80])],
    ["a character cut short at the end", concat(utf8("Name\r\nRen"), Uint8Array.from([0xc3]))],
  ])("%s is not", (_name, bytes) => {
    expect(isUtf8Text(bytes)).toBe(false);
  });

  it("reads a file a chunk at a time: a character or the PDF signature split across chunks", () => {
    const e = utf8("é");
    const reader = utf8TextReader();
    expect(reader.push(utf8("Name\nRen"))).toBe("Name\nRen");
    expect(reader.push(e.subarray(0, 1))).toBe("");
    expect(reader.push(e.subarray(1))).toBe("é");
    expect(reader.end()).toBe("");

    const pdf = utf8TextReader();
    expect(pdf.push(utf8("%P"))).toBe("%P");
    expect(pdf.push(utf8("DF"))).toBe("DF");
    expect(pdf.push(utf8("-1.4\n"))).toBeNull();

    const short = utf8TextReader();
    expect(short.push(utf8("%PDF"))).toBe("%PDF");
    expect(short.end()).toBe("");
  });
});
