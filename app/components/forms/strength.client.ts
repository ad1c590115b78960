/**
 * zxcvbn-ts with its common-password dictionary: loaded by the strength meter on the first key typed in a
 * new password, as a chunk of its own (≈ 250 KB gzip), never with the page. Browser only.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import type { StrengthScore } from "~/domain/password";

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export interface Strength {
  score: StrengthScore;
  /** The whole password is in the common-password list (the server refuses it). */
  common: boolean;
}

export function strengthOf(password: string, userInputs: string[]): Strength {
  const result = zxcvbn.check(password, userInputs);
  const common = result.sequence.some(
    (match) =>
      match.pattern === "dictionary" &&
      match.dictionaryName === "passwords-common" &&
      match.i === 0 &&
      match.j === password.length - 1 &&
      !("l33t" in match && match.l33t) &&
      !("reversed" in match && match.reversed),
  );
  return { score: result.score as StrengthScore, common };
}
