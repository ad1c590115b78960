import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/**
 * The text a user may read in the portal's sources, for the checks of its words (app/us-spelling.test.ts,
 * app/glossary.test.ts): string literals, template texts and JSX texts; code identifiers and comments are not read.
 */
export const ROOT = join(import.meta.dirname, "..", "..");

/** The .ts and .tsx files under `dir` (relative to the project), tests and generated types left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .filter((entry) => !entry.parentPath.includes("+types"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** JSX attributes that name things for the code and the styles (classes, ids, keys), not text a user reads. */
const CODE_ATTRIBUTE = /^(className|id|key|htmlFor|data-[\w-]+|aria-(labelledby|describedby|controls))$/;

/**
 * The text a user may read in a source file: its string literals, template texts and JSX texts (not the values of
 * class, id or key attributes). A .ts file is parsed as TypeScript: as TSX, `<T>(x) => …` would read as markup.
 */
export function textsOf(file: string, source: string): string[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      texts.push(node.text);
    }
    // Module specifiers are paths, not text.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxAttribute(node) && CODE_ATTRIBUTE.test(node.name.getText(parsed))) return;
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return texts;
}
