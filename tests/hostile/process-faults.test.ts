import { beforeAll, describe, expect, it } from "vitest";
import { send, signIn, watchOutput } from "./support";

/**
 * Issue 35 §1: one GET by a non-administrator stopped the whole portal. The export loader started the viewer's
 * check, then asked the section for its CSV, which threw at once (nipr_license_config has no export): the
 * check's refusal was left without a handler and Node ended the process.
 */
describe("a non-administrator's request for an admin section's code never stops the portal (issue 35)", () => {
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    for (const email of ["agent@demo.test", "carrier@demo.test"]) cookies[email] = await signIn(email);
  });

  const URLS = [
    "/admin/nipr_license_config/export",
    "/admin/nipr_license_config/export.data",
    "/admin/nipr_license_config/new",
    "/admin/nipr_license_config/1",
    "/admin/nipr_license_config/1/edit",
  ];

  for (const email of ["agent@demo.test", "carrier@demo.test"]) {
    it(`${email}: 403 for each of the section's URLs, nothing logged, and the portal still answers`, async () => {
      const output = watchOutput();
      for (const url of URLS) {
        const answer = await send(url, { cookie: cookies[email] });
        expect(answer.status, url).toBe(403);
        expect((await send("/healthz")).status, `after ${url}`).toBe(200);
      }
      // A refusal is not a fault: the server (LOG_LEVEL=error) writes nothing.
      expect(output()).toEqual({ stdout: "", stderr: "" });
    });
  }

  it("admin@: the section has no export, so its export is the 404 page", async () => {
    const admin = await signIn("admin@demo.test");
    expect((await send("/admin/nipr_license_config/export", { cookie: admin })).status).toBe(404);
    expect((await send("/healthz")).status).toBe(200);
  });
});
