import { describe, expect, it } from "vitest";
import { htmlFigures, isScriptResource } from "./page-figures.ts";

describe("htmlFigures", () => {
  const html = [
    "<!DOCTYPE html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>',
    '<link rel="stylesheet" href="/assets/root.css"/><link rel="preload" as="script" href="/assets/c.js"/>',
    "</head><body>",
    '<div style="--stack-gap:var(--mantine-spacing-md)"><p STYLE="color:red">é</p><img alt=""></div>',
    "<script>window.__x = '<div style=\"x\">';</script>",
    "</body></html>",
  ].join("");

  it("counts the bytes as sent (UTF-8), the elements and the module preloads", () => {
    const figures = htmlFigures(html);
    expect(figures.htmlBytes).toBe(Buffer.byteLength(html));
    expect(figures.htmlBytes).toBe(html.length + 1);
    // html, head, meta, 4 links, body, div, p, img, script: a script's text is not markup.
    expect(figures.elements).toBe(12);
    expect(figures.modulePreloads).toBe(2);
    expect(figures.modulePreloadHrefs).toEqual(["/assets/a.js", "/assets/b.js"]);
  });

  it('counts the bytes of `style="…"` attributes, whatever their case', () => {
    const { inlineStyleBytes } = htmlFigures(html);
    expect(inlineStyleBytes).toBe('style="--stack-gap:var(--mantine-spacing-md)"'.length + 'style="color:red"'.length);
    expect(htmlFigures("<p>no style</p>").inlineStyleBytes).toBe(0);
  });
});

describe("isScriptResource", () => {
  it("takes what DevTools calls a Script, or what is served as JavaScript", () => {
    expect(isScriptResource("Script", "text/javascript")).toBe(true);
    expect(isScriptResource("Other", "application/javascript")).toBe(true);
    expect(isScriptResource("Stylesheet", "text/css")).toBe(false);
    expect(isScriptResource("Document", "text/html")).toBe(false);
  });
});
