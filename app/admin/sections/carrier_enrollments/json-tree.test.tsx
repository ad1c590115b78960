import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JsonTree } from "./json-tree";
import { MAX_TEXT, payloadTree } from "./payload-tree";

const html = (raw: string) => {
  const tree = payloadTree(raw);
  if (!tree.ok) throw new Error(tree.reason);
  return renderToStaticMarkup(<JsonTree root={tree.root} />);
};

describe("JsonTree: a hostile payload is drawn as text, of a bounded size", () => {
  it("HTML in keys and values is text, never markup", () => {
    const out = html(JSON.stringify({ "<img src=x onerror=alert(1)>": "<script>alert('x')</script><b>bold</b>" }));
    expect(out).not.toMatch(/<script|<img|<b>/);
    expect(out).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;");
    expect(out).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("nested <details>, the first two levels open; a branch too deep is summarised", () => {
    const out = html(`${'{"a":'.repeat(100)}1${"}".repeat(100)}`);
    expect(out.match(/<details open="">/g)).toHaveLength(2);
    expect(out.match(/<details/g)!.length).toBeLessThan(30);
    expect(out).toContain("nested too deep to draw");
  });

  it("a 5 MB string is drawn cut, with how much more there is", () => {
    const out = html(JSON.stringify({ s: "y".repeat(5_000_000) }));
    expect(out.length).toBeLessThan(MAX_TEXT + 2_000);
    expect(out).toContain(`${(5_000_000 - MAX_TEXT).toLocaleString("en-US")} more characters`);
  });
});
