/**
 * The Learning Center resources section's form schema (issue 22 §2.2), zod mini: the browser and the server check
 * with it; its output is the upstream's body. Links are typed one per line, "Title | https://…". Pure.
 */
import * as z from "zod/mini";
import { optionalId } from "~/domain/admin/forms";
import { LEARNING_LIBRARIES } from "~/domain/learning-center";
import { invalid, noControlCharacters, parseUsDate, singleLine } from "~/domain/validation";

export const LINKS_HELP = "One per line: the link's title, a bar, its address. Example: Carrier portal | https://…";
export const PUBLISH_DATE_NEEDED = "Enter the day agents first see it (MM/DD/YYYY)";

/** "Title | https://…" lines → [{ title, url }]; a line that is not one is refused with its number. */
export function parseLinks(text: string): Array<{ title: string; url: string }> | string {
  const links: Array<{ title: string; url: string }> = [];
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  for (const [index, line] of lines.entries()) {
    if (line === "") continue;
    const bar = line.lastIndexOf("|");
    const title = bar > 0 ? line.slice(0, bar).trim() : "";
    const url = bar > 0 ? line.slice(bar + 1).trim() : "";
    if (!title || !/^https?:\/\/[^\s<>"]+$/i.test(url) || title.length > 120 || url.length > 500)
      return `Line ${index + 1}: write the title, a bar, then a link starting with https://`;
    links.push({ title, url });
  }
  return links.length > 10 ? "At most 10 links" : links;
}

export function linksText(links: ReadonlyArray<{ title: string; url: string }>): string {
  return links.map((l) => `${l.title} | ${l.url}`).join("\n");
}

export const resourceSchema = z
  .object({
    title: singleLine("Enter the title").check(z.maxLength(120, { error: "At most 120 characters" })),
    library: z.enum(LEARNING_LIBRARIES, { error: "Choose the library" }),
    category: singleLine("Enter the category, e.g. Guides").check(z.maxLength(60, { error: "At most 60 characters" })),
    carrierId: optionalId("Choose a carrier from the list"),
    productId: optionalId("Choose a product from the list"),
    description: singleLine("Enter a one-line description").check(
      z.maxLength(300, { error: "At most 300 characters" }),
    ),
    body: z.pipe(
      z.optional(z.string().check(z.maxLength(50_000, { error: "At most 50,000 characters" }))),
      z.transform((v: string | undefined) => (v?.trim() ? v : null)),
    ),
    links: z.pipe(
      z.optional(z.string().check(noControlCharacters({ multiline: true }))),
      z.transform((v: string | undefined, ctx) => {
        const parsed = parseLinks(v ?? "");
        return typeof parsed === "string" ? invalid(ctx, parsed) : parsed;
      }),
    ),
    audience: z.enum(["all", "agencies"], { error: "Choose who sees it" }),
    status: z.enum(["draft", "published"], { error: "Choose draft or published" }),
    publishOn: z.pipe(
      z.optional(z.string().check(z.trim())),
      z.transform((v: string | undefined, ctx) => {
        if (!v) return null;
        return parseUsDate(v) ?? invalid(ctx, "Enter a date as MM/DD/YYYY");
      }),
    ),
  })
  .check(
    z.refine((v) => v.status === "draft" || v.publishOn !== null, {
      error: PUBLISH_DATE_NEEDED,
      path: ["publishOn"],
      // Also when another field is refused: every problem shows at once.
      when: (payload) =>
        !payload.issues.some((issue) => issue.path?.[0] === "status" || issue.path?.[0] === "publishOn"),
    }),
  );
