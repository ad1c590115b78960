/**
 * Issue 21's figures per page, for `npm run bench`: what the server's HTML weighs and holds (counted with a
 * real HTML parser, htmlparser2, on the server's answer, i.e. before any script ran) and every script byte a
 * cold load downloads until the network is idle, counted as Chrome counts them (DevTools' "transferred":
 * Network.loadingFinished's encodedDataLength, response headers included).
 */
import type { Browser } from "@playwright/test";
import { Parser } from "htmlparser2";

export interface HtmlFigures {
  /** The answer's body, uncompressed (UTF-8 bytes). */
  htmlBytes: number;
  /** Elements in the markup (`document.getElementsByTagName('*').length` less what a browser adds). */
  elements: number;
  /** Bytes of `style="…"` attributes: the value as written plus `style=""` (8 bytes). */
  inlineStyleBytes: number;
  /** `<link rel="modulepreload">` elements: scripts the page asks for before it runs. */
  modulePreloads: number;
  /** Their hrefs, in order. */
  modulePreloadHrefs: string[];
}

const utf8 = (text: string) => Buffer.byteLength(text, "utf8");

/** The figures of an HTML document, from its text. */
export function htmlFigures(html: string): HtmlFigures {
  const figures: HtmlFigures = {
    htmlBytes: utf8(html),
    elements: 0,
    inlineStyleBytes: 0,
    modulePreloads: 0,
    modulePreloadHrefs: [],
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        figures.elements++;
        const style = attributes.style;
        if (style !== undefined) figures.inlineStyleBytes += utf8(style) + 'style=""'.length;
        const rel = attributes.rel?.toLowerCase().split(/\s+/) ?? [];
        if (name === "link" && rel.includes("modulepreload")) {
          figures.modulePreloads++;
          figures.modulePreloadHrefs.push(attributes.href ?? "");
        }
      },
    },
    // Attribute values keep their text (`&amp;` stays 5 bytes): the bytes as sent.
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return figures;
}

export interface ScriptDownload {
  url: string;
  /** As Chrome counts it: the encoded (compressed) body plus the response headers. */
  bytes: number;
  encoding: string;
}

/** A script resource as the DevTools protocol describes it. */
export function isScriptResource(type: string | undefined, mimeType: string | undefined): boolean {
  return type === "Script" || /javascript|ecmascript/i.test(mimeType ?? "");
}

/**
 * Loads `url` cold (a fresh context: no cache, no service worker, cache disabled besides) with `cookie`
 * (name=value, the session of a signed-in account) and sums the scripts Chrome downloads until the network
 * has been idle for 500 ms (Playwright's "networkidle"), then a further `settleMs` for late imports.
 */
export async function scriptBytesUntilIdle(
  browser: Browser,
  url: string,
  cookie: string | null,
  settleMs = 1000,
): Promise<{ total: number; scripts: ScriptDownload[] }> {
  const context = await browser.newContext({ serviceWorkers: "block" });
  try {
    // As a header (as Lighthouse's extraHeaders): the production session cookie's `__Host-` name cannot be
    // set on a plain-http origin through the cookie jar.
    if (cookie) await context.setExtraHTTPHeaders({ cookie });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const pending = new Map<string, { url: string; encoding: string }>();
    const scripts: ScriptDownload[] = [];
    cdp.on("Network.responseReceived", (event) => {
      if (!isScriptResource(event.type, event.response.mimeType)) return;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), value]),
      );
      pending.set(event.requestId, { url: event.response.url, encoding: headers["content-encoding"] ?? "identity" });
    });
    cdp.on("Network.loadingFinished", (event) => {
      const script = pending.get(event.requestId);
      if (!script) return;
      pending.delete(event.requestId);
      scripts.push({ ...script, bytes: event.encodedDataLength });
    });
    const response = await page.goto(url, { waitUntil: "networkidle" });
    if (response?.status() !== 200) throw new Error(`${url}: ${response?.status()}`);
    await page.waitForTimeout(settleMs);
    await page.waitForLoadState("networkidle");
    return { total: scripts.reduce((sum, s) => sum + s.bytes, 0), scripts };
  } finally {
    await context.close();
  }
}
