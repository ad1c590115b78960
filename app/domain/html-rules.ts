/**
 * What HTML the portal keeps of the upstream's rich text (carrier resources, Learning Center bodies): formatting
 * and links, nothing that could run or phish. One set of rules for the portal's display (app/.server/html.ts) and
 * for the reference API, which stores what administrators save already cleaned by them (issue 22). Pure data.
 */
export const HTML_ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "ul",
  "ol",
  "li",
  "a",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "span",
  "div",
] as const;

export const HTML_ALLOWED_ATTRIBUTES = { a: ["href", "title", "target", "rel"] } as const;

export const HTML_ALLOWED_SCHEMES = ["http", "https", "mailto", "tel"] as const;
