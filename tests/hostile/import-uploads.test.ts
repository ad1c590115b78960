import { beforeAll, describe, expect, it } from "vitest";
import { send, signIn } from "./support";

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
