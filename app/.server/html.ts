import sanitizeHtml from "sanitize-html";
import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_SCHEMES, HTML_ALLOWED_TAGS } from "~/domain/html-rules";

/**
 * Carrier resources arrive as HTML from the upstream: keep formatting and links, drop scripts, event
 * handlers, styles and anything else that could run or phish (the rules: app/domain/html-rules.ts, which the
 * reference API saves with too). Links open in a new window.
 */
export function sanitize(html: string | null): string | null {
  if (!html) return html;
  return sanitizeHtml(html, {
    allowedTags: [...HTML_ALLOWED_TAGS],
    allowedAttributes: { a: [...HTML_ALLOWED_ATTRIBUTES.a] },
    allowedSchemes: [...HTML_ALLOWED_SCHEMES],
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
    },
  });
}
