import type { JsonNode } from "./payload-tree";

/**
 * A payload's tree (payload-tree.ts) as nested <details>: it opens and closes without JavaScript, the first two
 * levels open. Every key and value is text (React escapes it: a payload's HTML is never markup).
 */
export function JsonTree({ root }: { root: JsonNode }) {
  return (
    <ul className="json-tree" aria-label="Payload">
      <JsonItem node={root} depth={0} />
    </ul>
  );
}

function Key({ node }: { node: JsonNode }) {
  if (node.key === null) return null;
  return (
    <>
      <span className="json-key">{node.key}</span>
      {": "}
    </>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function JsonItem({ node, depth }: { node: JsonNode; depth: number }) {
  if (node.type === "object" || node.type === "array") {
    const summary =
      node.type === "array" ? `[${count(node.size, "item", "items")}]` : `{${count(node.size, "key", "keys")}}`;
    if (node.size === 0)
      return (
        <li>
          <Key node={node} />
          <span className="json-punct">{node.type === "array" ? "[ ]" : "{ }"}</span>
        </li>
      );
    return (
      <li>
        <details open={depth < 2 || undefined}>
          <summary>
            <Key node={node} />
            <span className="json-punct">{summary}</span>
          </summary>
          <ul>
            {node.children.map((child, i) => (
              <JsonItem key={i} node={child} depth={depth + 1} />
            ))}
            {node.omitted > 0 ? (
              <li className="json-note">{count(node.omitted, "more entry", "more entries")}: see the raw text</li>
            ) : null}
          </ul>
        </details>
      </li>
    );
  }
  if (node.type === "deep")
    return (
      <li>
        <Key node={node} />
        <span className="json-note">
          {node.array ? `[${count(node.size, "item", "items")}]` : `{${count(node.size, "key", "keys")}}`} nested too
          deep to draw: see the raw text
        </span>
      </li>
    );
  const scalar = node as Extract<JsonNode, { text: string }>;
  return (
    <li>
      <Key node={scalar} />
      <span className={`json-${scalar.type}`}>{scalar.type === "string" ? `"${scalar.text}"` : scalar.text}</span>
      {scalar.type === "string" && scalar.cut > 0 ? (
        <span className="json-note"> … {count(scalar.cut, "more character", "more characters")}</span>
      ) : null}
    </li>
  );
}
