/**
 * A raw payload as the JSON viewer draws it (issue 24 §3): its parsed value turned into a bounded tree, so a hostile
 * payload (deep nesting, huge strings, thousands of keys) gives a page of reasonable size. Beyond MAX_DEPTH levels a
 * branch is summarised, beyond MAX_NODES nodes the rest is counted, a string beyond MAX_TEXT characters is cut (the
 * raw text, shown or downloaded beside the tree, has everything). Values are text: the page escapes them (no HTML of a
 * payload is ever markup). Pure.
 */

export const MAX_DEPTH = 24;
export const MAX_NODES = 2_000;
export const MAX_TEXT = 2_000;
export const MAX_KEY = 200;

export type JsonNode =
  | { type: "object" | "array"; key: string | null; size: number; children: JsonNode[]; omitted: number }
  /** A branch deeper than MAX_DEPTH: not drawn, its size said. */
  | { type: "deep"; key: string | null; size: number; array: boolean }
  | { type: "string"; key: string | null; text: string; cut: number }
  | { type: "number" | "boolean" | "null"; key: string | null; text: string };

export type PayloadTree = { ok: true; root: JsonNode; truncated: boolean } | { ok: false; reason: string };

export const NOT_JSON = "This payload is not valid JSON: the carrier's text is shown as it arrived.";
export const TOO_DEEP = "This payload nests too deeply to parse: the carrier's text is shown as it arrived.";

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function payloadTree(raw: string): PayloadTree {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { ok: false, reason: error instanceof RangeError ? TOO_DEEP : NOT_JSON };
  }
  let nodes = 0;
  let truncated = false;
  const build = (v: unknown, key: string | null, depth: number): JsonNode => {
    nodes += 1;
    const k = key === null ? null : cut(key, MAX_KEY);
    if (v === null) return { type: "null", key: k, text: "null" };
    if (typeof v === "string") {
      if (v.length > MAX_TEXT) truncated = true;
      return { type: "string", key: k, text: cut(v, MAX_TEXT), cut: Math.max(0, v.length - MAX_TEXT) };
    }
    if (typeof v === "number") return { type: "number", key: k, text: String(v) };
    if (typeof v === "boolean") return { type: "boolean", key: k, text: String(v) };
    const array = Array.isArray(v);
    const entries: Array<[string | null, unknown]> = array
      ? (v as unknown[]).map((item) => [null, item])
      : Object.entries(v as Record<string, unknown>);
    if (depth >= MAX_DEPTH) {
      truncated = true;
      return { type: "deep", key: k, size: entries.length, array };
    }
    const children: JsonNode[] = [];
    let omitted = 0;
    entries.forEach(([childKey, child], i) => {
      if (nodes >= MAX_NODES) {
        omitted += 1;
        return;
      }
      children.push(build(child, array ? String(i) : childKey, depth + 1));
    });
    if (omitted > 0) truncated = true;
    return { type: array ? "array" : "object", key: k, size: entries.length, children, omitted };
  };
  return { ok: true, root: build(value, null, 0), truncated };
}

/** The raw text is drawn in the page (and copied) up to this many characters; a longer one is downloaded. */
export const MAX_RAW_SHOWN = 100_000;
