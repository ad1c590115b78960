import { beforeAll, describe, expect, it } from "vitest";
import { expectSmallAndQuick, send, signIn } from "./support";

const WRONG_CONTENT = "The file&#x27;s content is not an image or PDF";
const HTML = "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

/**
 * Issue 20: an upload is checked by its content, not only by its name and declared type. A w9.pdf holding
 * HTML, or a .png that is not an image, is refused at its field and never reaches the upstream.
 */
describe("uploads whose content is not what their name and type say", () => {
  let agent = "";
  let newAgent = "";
  beforeAll(async () => {
    agent = await signIn("agent@demo.test");
    newAgent = await signIn("newagent@demo.test");
  });

  it("a compliance document: HTML named w9.pdf, or text named .png, is a field error on the profile; nothing is stored", async () => {
    for (const file of [
      new File([HTML], "w9-probe-html.pdf", { type: "application/pdf" }),
      new File(["just some text"], "w9-probe-text.png", { type: "image/png" }),
    ]) {
      const form = new FormData();
      form.append("file", file);
      const answer = await send("/profile/documents/w9", { method: "POST", body: form, cookie: newAgent });
      expect(answer.status, file.name).toBe(400);
      expect(answer.body, file.name).toContain(WRONG_CONTENT);
      expectSmallAndQuick(answer, file.name);
    }
    const profile = await send("/profile", { cookie: newAgent });
    expect(profile.status).toBe(200);
    expect(profile.body).not.toContain("w9-probe-");
  });

  it("a support ticket's attachment: a fake .png is a field error, the ticket is not created; a real PNG is taken", async () => {
    const ticket = (subject: string, attachment: File) => {
      const form = new FormData();
      form.append("subject", subject);
      form.append("category", "Other");
      form.append("message", "Please look at the attached file.");
      form.append("attachment", attachment);
      return send("/contact_support", { method: "POST", body: form, cookie: agent });
    };
    const fake = await ticket("Probe: a fake image", new File([HTML], "screenshot.png", { type: "image/png" }));
    expect(fake.status).toBe(400);
    expect(fake.body).toContain(WRONG_CONTENT);
    // Everything typed is kept.
    expect(fake.body).toContain("Please look at the attached file.");
    expect((await send("/my_tickets", { cookie: agent })).body).not.toContain("Probe: a fake image");

    const real = await ticket("Probe: a real image", new File([PNG], "screenshot.png", { type: "image/png" }));
    expect(real.status).toBe(302);
    expect((await send("/my_tickets", { cookie: agent })).body).toContain("Probe: a real image");
  });
});
