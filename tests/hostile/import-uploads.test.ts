import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { portal, send, signIn } from "./support";

const MB = 1024 * 1024;

/**
 * A multipart post that declares `length` bytes (as a browser sends a file: with Content-Length) but sends only a
 * start the portal cannot read as a form: answered 400 at once when the length is within the route's limit (the
 * form was read, and was not one), 413 before a byte is read when over it. Nothing of that size is sent.
 */
function declaredPost(path: string, cookie: string, length: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, portal), {
      method: "POST",
      headers: { cookie, "content-type": "multipart/form-data; boundary=x", "content-length": length },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", reject);
    req.write(Buffer.alloc(16 * 1024, "a"));
  });
}

/** The `action` of the page's multipart form: where the browser posts it without JavaScript. */
function multipartAction(html: string): string {
  const form = /<form\b[^>]*enctype="multipart\/form-data"[^>]*>/i.exec(html)?.[0] ?? "";
  return /\baction="([^"]+)"/.exec(form)?.[1] ?? "";
}

/**
 * Issue 35 §1: the file imports' pages say "at most 50 MB", but only their plain posts had the 50 MB body limit; the
 * routes JavaScript sends them to (for the upload's progress) answered 413 from 30 MB. One limit per form, whichever
 * of its routes it is posted to.
 */
describe("a file import's form takes the file its page says, posted either way", () => {
  let admin = "";
  beforeAll(async () => {
    admin = await signIn("admin@demo.test");
  });

  it.each([
    ["/admin/commission_statements/import", "/admin/commission_statements/import/upload"],
    ["/admin/carrier_imports/upload", "/admin/carrier_imports/upload/send"],
    ["/admin/sunfire_imports/new", "/admin/sunfire_imports/new/upload"],
  ])("%s (and %s): a file of what the page says gets through, a larger one is 413", async (page, script) => {
    const drawn = await send(page, { cookie: admin });
    expect(drawn.status).toBe(200);
    const mb = Number(/at most (?:<!-- -->)?(\d+)(?:<!-- -->)? MB/.exec(drawn.body)?.[1]);
    expect(mb, "the page's own words").toBeGreaterThan(0);
    const action = multipartAction(drawn.body);
    expect(action, "the form's action").toBe(page);
    for (const path of [action, script]) {
      // The file the page allows, with the form around it (its fields and the multipart framing).
      expect(await declaredPost(path, admin, mb * MB + 8 * 1024), path).toBe(400);
      expect(await declaredPost(path, admin, (mb + 1) * MB), path).toBe(413);
    }
  });
});

/**
 * Issue 35 §2: a file the upstream refuses at its first line (100,000 columns). The upstream answers before it has
 * the whole file; the portal must read that answer and the rest of the browser's form all the same: the refused
 * import with its reason, every time — not "Choose the carrier" (the form read as empty once the upload stopped
 * reading the file) nor "The service is not answering" (a reset that came before the answer was read).
 */
describe("a file refused at its first line", () => {
  let admin = "";
  beforeAll(async () => {
    admin = await signIn("admin@demo.test");
  });
  const header = Array.from({ length: 100_000 }, (_, n) => `c${n}`).join(",");
  // Megabytes of rows after it, sent while the upstream has already answered.
  const rows = "30005201,RTS\n".repeat(5_000);
  const wideFile = (nonce: string) =>
    new File([header, "\n", ...Array<string>(50).fill(rows), nonce], "wide.csv", { type: "text/csv" });
  const REASON = /more than 200 columns|too long to be a row/;

  const refusedImport = async (location: string, what: string) => {
    expect(location, what).toMatch(/^\/admin\/(carrier|sunfire)_imports\/\d+$/);
    const page = await send(location, { cookie: admin });
    expect(page.body, what).toContain("The file was not imported");
    expect(page.body, what).toMatch(REASON);
  };

  it("is the refused import with its reason, posted without JavaScript or with, every time", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      for (const path of ["/admin/carrier_imports/upload", "/admin/carrier_imports/upload/send"]) {
        const what = `${path} #${attempt}`;
        const body = new FormData();
        body.append("carrierId", "4");
        body.append("kind", "rts");
        body.append("file", wideFile(`${what} ${Date.now()}`));
        const answer = await send(path, { method: "POST", body, cookie: admin });
        if (path.endsWith("/send")) {
          expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBe(200);
          await refusedImport((JSON.parse(answer.body) as { to: string }).to, what);
        } else {
          expect(answer.status, what).toBe(302);
          await refusedImport(answer.headers.get("location") ?? "", what);
        }
      }
    }
    // Sunfire's export is streamed the same way.
    const body = new FormData();
    body.append("file", wideFile(`sunfire ${Date.now()}`));
    const sunfire = await send("/admin/sunfire_imports/new", { method: "POST", body, cookie: admin });
    expect(sunfire.status).toBe(302);
    await refusedImport(sunfire.headers.get("location") ?? "", "Sunfire");
  });
});
