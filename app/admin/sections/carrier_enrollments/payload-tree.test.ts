import { describe, expect, it } from "vitest";
import { MAX_DEPTH, MAX_NODES, MAX_TEXT, NOT_JSON, TOO_DEEP, type JsonNode, payloadTree } from "./payload-tree";

const rootOf = (raw: string) => {
  const tree = payloadTree(raw);
  if (!tree.ok) throw new Error(tree.reason);
  return tree;
};

describe("payloadTree", () => {
  it("an object's keys and values in order, arrays by index, every scalar as text", () => {
    const { root, truncated } = rootOf('{"a":1,"b":[true,null,"x"],"c":{"d":"<b>hi</b>"}}');
    expect(truncated).toBe(false);
    expect(root).toMatchObject({ type: "object", size: 3, omitted: 0 });
    const [a, b, c] = (root as Extract<JsonNode, { children: JsonNode[] }>).children;
    expect(a).toEqual({ type: "number", key: "a", text: "1" });
    expect(b).toMatchObject({ type: "array", key: "b", size: 3 });
    expect((b as Extract<JsonNode, { children: JsonNode[] }>).children.map((n) => [n.key, n.type])).toEqual([
      ["0", "boolean"],
      ["1", "null"],
      ["2", "string"],
    ]);
    expect((c as Extract<JsonNode, { children: JsonNode[] }>).children[0]).toEqual({
      type: "string",
      key: "d",
      text: "<b>hi</b>",
      cut: 0,
    });
  });

  it("not JSON: says so (the raw text is shown instead)", () => {
    expect(payloadTree("{not json")).toEqual({ ok: false, reason: NOT_JSON });
    expect(payloadTree("")).toEqual({ ok: false, reason: NOT_JSON });
  });

  it("deep nesting: summarised below MAX_DEPTH levels, or refused when the parser gives up", () => {
    const deep = payloadTree(`${"[".repeat(200)}1${"]".repeat(200)}`);
    expect(deep.ok).toBe(true);
    if (!deep.ok) return;
    let node: JsonNode = deep.root;
    let depth = 0;
    while (node.type === "array") {
      node = node.children[0]!;
      depth += 1;
    }
    expect(depth).toBe(MAX_DEPTH);
    expect(node).toMatchObject({ type: "deep", size: 1, array: true });
    expect(deep.truncated).toBe(true);
    const abyss = payloadTree(`${"[".repeat(500_000)}${"]".repeat(500_000)}`);
    if (!abyss.ok) expect(abyss.reason).toBe(TOO_DEEP);
  });

  it("huge strings are cut at MAX_TEXT, and at most MAX_NODES nodes are drawn", () => {
    const { root, truncated } = rootOf(JSON.stringify({ s: "x".repeat(MAX_TEXT * 50) }));
    expect(truncated).toBe(true);
    const s = (root as Extract<JsonNode, { children: JsonNode[] }>).children[0]!;
    expect(s).toMatchObject({ type: "string", cut: MAX_TEXT * 49 });
    expect((s as { text: string }).text).toHaveLength(MAX_TEXT);
    const many = rootOf(JSON.stringify(Array.from({ length: MAX_NODES * 3 }, (_, i) => i)));
    const r = many.root as Extract<JsonNode, { children: JsonNode[] }>;
    expect(r.children.length).toBe(MAX_NODES - 1);
    expect(r.omitted).toBe(MAX_NODES * 3 - (MAX_NODES - 1));
  });
});
