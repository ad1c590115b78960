import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles, textsOf } from "../tests/support/source-texts";

/**
 * Issue 37 §4: one word per thing. The README's glossary is the list: each row's "Not" words must not appear in a text
 * a user reads in app/; the phrases it keeps as others write them (the spec's, the carriers', NIPR's) are allowed.
 */
const README = readFileSync(join(ROOT, "README.md"), "utf8");

export interface Glossary {
  rows: Array<{ say: string; not: string[] }>;
  kept: string[];
}

/** The glossary section of the README: its table's rows and its backticked phrases kept as written. */
export function glossaryOf(readme: string): Glossary {
  const section = /^## Glossary\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? "";
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Say "))
    .map((line) => line.split("|").map((cell) => cell.trim()))
    .map(([, say = "", , not = ""]) => ({
      say,
      not: not
        .split(",")
        .map((word) => word.trim())
        .filter(Boolean),
    }));
  const keptText = section.slice(section.indexOf("Kept as others write them"));
  const kept = [...keptText.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((phrase) => !phrase.includes("/"));
  return { rows, kept };
}

/**
 * A text a user reads: JSX text, or a string with a space or a capital first letter (keys and ids are neither), or
 * the singular and plural of a count (`n === 1 ? "agent" : "agents"`, found in the source as written).
 */
const isWording = (text: string) => /\s/.test(text.trim()) || /^[A-Z]/.test(text.trim());
const pluralsIn = (source: string) =>
  [...source.matchAll(/=== 1 \? "([a-z]+)" : "([a-z]+)"|singular: "([a-z ]+)"/g)].flatMap((m) =>
    m.slice(1).filter(Boolean),
  );

/** The "Not" words of `glossary` in `text` (once its kept phrases are taken out), as "word (say: …)". */
export function wrongWordsIn(text: string, glossary: Glossary): string[] {
  let rest = text;
  for (const phrase of glossary.kept) rest = rest.replaceAll(new RegExp(escape(phrase), "gi"), " ");
  return glossary.rows.flatMap(({ say, not }) =>
    not
      .filter((word) => new RegExp(`\\b${escape(word)}s?\\b`, "i").test(rest))
      .map((word) => `"${word}" (say: ${say})`),
  );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("issue 37 §4: the glossary's words", () => {
  const glossary = glossaryOf(README);

  it("the README's glossary has its rows and what it keeps as written", () => {
    expect(glossary.rows.map((r) => r.say)).toEqual(expect.arrayContaining(["agent", "notification", "Export CSV"]));
    expect(glossary.rows.find((r) => r.say === "agent")?.not).toEqual(["broker", "producer"]);
    expect(glossary.kept).toContain("National Producer Number");
  });

  it("finds a word of the Not column, in either case and in the plural; a kept phrase is allowed", () => {
    expect(wrongWordsIn("Brokers request contracts", glossary)).toEqual(['"broker" (say: agent)']);
    expect(wrongWordsIn("2 more notices", glossary)).toEqual(['"notice" (say: notification)']);
    expect(wrongWordsIn("Download CSV", glossary)).toEqual(['"Download CSV" (say: Export CSV)']);
    expect(wrongWordsIn("Call Broker services at 800", glossary)).toEqual([]);
    expect(wrongWordsIn("The National Producer Number (agents and agencies only)", glossary)).toEqual([]);
    expect(wrongWordsIn("Notifications", glossary)).toEqual([]);
  });

  it("app/: every text a user reads uses the glossary's words", () => {
    const texts = sourceFiles("app").map((file) => ({
      file,
      texts: ((source) => [...textsOf(file, source).filter(isWording), ...pluralsIn(source)])(
        readFileSync(join(ROOT, file), "utf8"),
      ),
    }));
    expect(texts.flatMap((f) => f.texts).length, "the texts read").toBeGreaterThan(2000);
    const found = texts.flatMap(({ file, texts }) =>
      texts.flatMap((text) =>
        wrongWordsIn(text, glossary).map((hit) => `${file}: ${hit} in "${text.trim().slice(0, 90)}"`),
      ),
    );
    expect(found).toEqual([]);
    // Parsing every source file takes a while on a busy machine.
  }, 60_000);
});
