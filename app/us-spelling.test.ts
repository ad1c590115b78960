import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles, textsOf } from "../tests/support/source-texts";

/**
 * Issue 20: user-visible text is in US English, as the spec writes it ("license", "enroll", "canceled").
 * Every string literal, template text and JSX text of the portal's and the reference API's sources (what a
 * user reads: labels, messages, toasts, e-mails, seeded data) is checked against the British spellings below;
 * code identifiers and comments are not text a user reads.
 */
const BRITISH =
  /\b(licen[cs]e?s?d?(?<=licence|licences|licenced)|enrol|enrols|enrolment|enrolments|cancell(?:ed|ing)|organis(?:e|es|ed|ing|ation|ations)|colou?rs?(?<=colour|colours)|authoris(?:e|es|ed|ing|ation)|recognis(?:e|es|ed|ing)|sanitis(?:e|es|ed|ing|er)|standardis(?:e|es|ed)|behaviours?(?<=behaviour|behaviours)|favou?rs?(?<=favour|favours)|favourite|centres?|catalogue|programmes?|cheques?|judgement|analys(?:e|ed|ing)|travell(?:ed|ing)|labell(?:ed|ing)|modell(?:ed|ing)|grey|honour(?:s|ed)?|apologis\w*|realis(?:e|es|ed|ing)|summaris\w*|customis\w*|finalis\w*|prioritis\w*|minimis\w*|maximis\w*|optimis\w*|utilis\w*|categoris\w*|personalis\w*|emphasis(?:e|es|ed))\b/i;

function britishIn(texts: string[]): string[] {
  return texts.flatMap((text) => {
    const match = BRITISH.exec(text);
    return match ? [`"${match[0]}" in "${text.trim().slice(0, 100)}"`] : [];
  });
}

describe("issue 20: user-visible text in US English", () => {
  it("finds British spellings in text, not in identifiers or comments", () => {
    const source = `// the organisation's colour
const cancelled = "Your licence was cancelled";
const marketingOrganisation = \`\${x} enrolment\`;
const ok = <p>Licenses, enrollments, canceled, organization, color</p>;`;
    expect(britishIn(textsOf("x.tsx", source))).toEqual([
      '"licence" in "Your licence was cancelled"',
      '"enrolment" in "enrolment"',
    ]);
  });

  for (const dir of ["app", "server/reference-api"]) {
    it(`${dir}: no British spelling in any user-visible text`, () => {
      const found = sourceFiles(dir).flatMap((file) =>
        britishIn(textsOf(file, readFileSync(join(ROOT, file), "utf8"))).map((hit) => `${file}: ${hit}`),
      );
      expect(found).toEqual([]);
      // Parsing every source file takes a while on a busy machine.
    }, 60_000);
  }

  it("README: no British spelling in what it says of the portal", () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").split("\n");
    expect(lines.filter((line) => BRITISH.test(line))).toEqual([]);
  });
});
