import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceApi } from "../index.ts";
import { CONTROL_CHARACTERS_TEXT, controlCharacterPath, formTextProblem } from "./text-rules.ts";
import { expectErrorLike, expectFields, formOf, sqlite, startTestApi, tempDbPath, testClient } from "./test-support.ts";

const RLO = "Nora \u202eexe.fdp";
const NUL = "Tuc\u0000son";

describe("the rule (issue 20)", () => {
  it("finds the first string of a JSON body with control characters, at any depth; line breaks are text", () => {
    expect(controlCharacterPath({ firstName: "Nora", note: "line 1\r\nline 2\tend" })).toBeNull();
    expect(controlCharacterPath({ firstName: RLO })).toBe("firstName");
    expect(controlCharacterPath({ license: { licenseNumber: "A\u0000B" } })).toBe("license.licenseNumber");
    expect(controlCharacterPath({ ids: [1, 2], notes: ["ok", "a\u0085b"] })).toBe("notes.1");
    expect(controlCharacterPath([{ a: "\u2066x" }])).toBe("0.a");
    // Passwords are the password rules' business.
    expect(controlCharacterPath({ password: "a\u0000b", currentPassword: "\u202e" })).toBeNull();
    expect(controlCharacterPath("plain")).toBeNull();
  });

  it("a multipart text field: control characters refused; with `line`, tab and line breaks too", () => {
    expect(formTextProblem("message", "Hi\r\nthere")).toBeNull();
    expect(formTextProblem("message", "Hi\u0000")).toBe(`message: ${CONTROL_CHARACTERS_TEXT}`);
    expect(formTextProblem("subject", "Hi\nthere", { line: true })).toBe(`subject: ${CONTROL_CHARACTERS_TEXT}`);
    expect(formTextProblem("subject", "Zoë Núñez", { line: true })).toBeNull();
  });
});

const { remove: removeDb, dbPath } = tempDbPath("reference-api-text-rules-");
let api: ReferenceApi;
const { tokenOf, send } = testClient(() => api.url);

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

describe("the API refuses control characters where it stores text, at the field (issue 20)", () => {
  it("an administrator's new user named with a right-to-left override, or a tab: 422 at the field, nobody created", async () => {
    const token = await tokenOf("admin@demo.test");
    const user = {
      email: "rlo.user@example.com",
      firstName: "Nora",
      lastName: "Newman",
      phone: null,
      npnNumber: null,
      roleId: 1,
      agencyId: null,
      sunfireAccess: false,
      loa: false,
      skipOnboardingWithContracts: false,
    };
    for (const [field, value] of [
      ["firstName", RLO],
      ["lastName", "New\tman"],
      ["lastName", "New\u0000man"],
    ]) {
      const fields = expectFields(
        await send("POST", "/api/admin/users", { token, json: { ...user, [field!]: value } }),
      );
      expect(fields, JSON.stringify(value)).toEqual({ [field!]: [CONTROL_CHARACTERS_TEXT] });
    }
    const db = sqlite(dbPath);
    const stored = await db.execute({ sql: "SELECT COUNT(*) AS n FROM users WHERE email = ?", args: [user.email] });
    db.close();
    expect(Number(stored.rows[0]!.n)).toBe(0);
  });

  it("a role's name and an RTS status's title: 422 at the field", async () => {
    const token = await tokenOf("admin@demo.test");
    const role = await send("PATCH", "/api/admin/roles/12", { token, json: { name: RLO } });
    expect(expectFields(role)).toEqual({ name: [CONTROL_CHARACTERS_TEXT] });
    const status = await send("PATCH", "/api/admin/rts_statuses/1", { token, json: { statusTitle: "A\u202eB" } });
    expect(expectFields(status)).toEqual({ statusTitle: [CONTROL_CHARACTERS_TEXT] });
  });

  it("a NUL in the profile's city is refused, not cut short (SQLite stored 'Tuc')", async () => {
    const token = await tokenOf("loa@demo.test");
    const body = {
      phone: "5553001234",
      addressLine1: "1 Main St",
      addressLine2: "",
      city: NUL,
      state: "AZ",
      zip: "85701",
    };
    const answer = await send("PUT", "/api/profile/details", { token, json: body });
    expect(expectFields(answer)).toEqual({ city: [CONTROL_CHARACTERS_TEXT] });
    const details = await send("GET", "/api/profile/details", { token });
    expect(JSON.stringify(details.json)).not.toContain('"city":"Tuc"');
  });

  it("an invitation's name with a right-to-left override: 422", async () => {
    const token = await tokenOf("agency@demo.test");
    const answer = await send("POST", "/api/invitations", {
      token,
      json: { email: "rlo.invite@example.com", firstName: RLO, lastName: "Newman", level: "Agent" },
    });
    expect(expectFields(answer)).toEqual({ firstName: [CONTROL_CHARACTERS_TEXT] });
  });

  it("a ticket's subject with a line break or an override, or a message with a NUL: 422, no ticket", async () => {
    const token = await tokenOf("newagent@demo.test");
    const ticket = { kind: "support", subject: "Help", category: "Other", message: "Line 1\r\nLine 2" };
    for (const [field, value] of [
      ["subject", "Help\nme"],
      ["subject", RLO],
      ["message", "cut\u0000here"],
    ]) {
      const answer = await send("POST", "/api/tickets", { token, form: formOf({ ...ticket, [field!]: value! }) });
      expectErrorLike(answer, 422, `${field}: ${CONTROL_CHARACTERS_TEXT}`);
    }
    // The same ticket without them is taken, its message's line break kept.
    expect((await send("POST", "/api/tickets", { token, form: formOf(ticket) })).status).toBe(201);
  });
});
