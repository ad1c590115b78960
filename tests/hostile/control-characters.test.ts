import { beforeAll, describe, expect, it } from "vitest";
import { expectSmallAndQuick, form, send, signIn } from "./support";

const MESSAGE = "Remove the invisible control characters from this field.";
const RLO = "\u202e";
const NUL = "\u0000";

/**
 * Issue 20: names accepted Unicode control characters (a right-to-left override was stored and exported) and a
 * NUL byte silently cut the value. Each is refused at its field with a message, and nothing is stored.
 */
describe("control and bidirectional formatting characters in names and one-line fields", () => {
  let admin = "";
  let agency = "";
  let newAgent = "";
  beforeAll(async () => {
    admin = await signIn("admin@demo.test");
    agency = await signIn("agency@demo.test");
    newAgent = await signIn("newagent@demo.test");
  });

  it("an administrator's new user named with a right-to-left override or a NUL: 400 at the field, no user", async () => {
    for (const [probe, firstName] of [
      ["rlo", `Nora${RLO}exe.fdp`],
      ["nul", `Nora${NUL}Hidden`],
    ] as const) {
      const email = `control.${probe}@example.com`;
      const body = new URLSearchParams({ firstName, lastName: "Quill", email, roleId: "1" }).toString();
      const answer = await send("/admin/users/new", form(body, { cookie: admin }));
      expect(answer.status, probe).toBe(400);
      expect(answer.body, probe).toContain(MESSAGE);
      // Everything typed is kept for the user to fix.
      expect(answer.body, probe).toContain(email);
      expectSmallAndQuick(answer, probe);
      const list = await send(`/admin/users?search=${encodeURIComponent(email)}`, { cookie: admin });
      expect(list.status).toBe(200);
      expect(list.body, probe).toContain("No users match this search or these filters.");
    }
  });

  it("the profile's city with a NUL (which cut it short) or an override: 400 at the field, nothing saved", async () => {
    for (const city of [`Tuc${NUL}sonProbe`, `Tucson${RLO}Probe`]) {
      const body = new URLSearchParams({
        phone: "(555) 300-1234",
        addressLine1: "1 Main St",
        addressLine2: "",
        city,
        state: "AZ",
        zip: "85701",
      }).toString();
      const answer = await send("/profile", form(body, { cookie: newAgent }));
      expect(answer.status, JSON.stringify(city)).toBe(400);
      expect(answer.body).toContain(MESSAGE);
    }
    const profile = await send("/profile", { cookie: newAgent });
    expect(profile.status).toBe(200);
    expect(profile.body).not.toContain("Probe");
    expect(profile.body).not.toContain('value="Tuc"');
  });

  it("an invitation's first name with an override, or a line break in its last name: 400, not sent", async () => {
    for (const [firstName, lastName] of [
      [`Ann${RLO}`, "Probe"],
      ["Ann", "Pro\nbe"],
    ]) {
      const body = new URLSearchParams({
        email: "control.invite@example.com",
        firstName: firstName!,
        lastName: lastName!,
        level: "Agent",
      }).toString();
      const answer = await send("/register_downlines/new", form(body, { cookie: agency }));
      expect(answer.status, JSON.stringify([firstName, lastName])).toBe(400);
      expect(answer.body).toContain(MESSAGE);
    }
    const list = await send("/register_downlines?search=control.invite", { cookie: agency });
    expect(list.body).not.toContain("control.invite@example.com");
  });
});
