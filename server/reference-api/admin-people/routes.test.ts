import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AdminPasswordResetResponseSchema,
  AdminRoleResponseSchema,
  AdminRolesResponseSchema,
  AdminRoleSchema,
  AdminRtsStatusResponseSchema,
  AdminRtsStatusesResponseSchema,
  AdminRtsStatusSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  AdminUserSchema,
} from "../../../app/.server/upstream/schemas/admin.ts";
import { DownlinesResponseSchema } from "../../../app/.server/upstream/schemas/downlines.ts";
import { LoginResponseSchema } from "../../../app/.server/upstream/schemas/session.ts";
import { ProfileDetailsResponseSchema } from "../../../app/.server/upstream/schemas/profile-details.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import { SIGN_IN_AS_DISABLED } from "../app.ts";
import { AL_LICENSE_EXPIRES_IN_DAYS } from "../profile/seed.ts";
import {
  DISABLED_NO_PASSWORD_EMAIL,
  EMAIL_TAKEN,
  NOT_AN_AGENCY,
  NOT_YET_ACTIVATED,
  OWN_ACCOUNT_DISABLED,
  OWN_ROLE_KIND,
  ROLE_NAME_TAKEN,
  RTS_CODE_TAKEN,
  UNKNOWN_CARRIER,
  UNKNOWN_ROLE,
  roleInUse,
  rtsCarrierInUse,
  rtsStatusInUse,
} from "./routes.ts";
import type { ReferenceApi } from "../index.ts";
import { BULK_USERS, SEED_ROLES, SEED_RTS_STATUS_ROWS } from "./seed.ts";
import { DEMO_PASSWORD } from "../accounts/seed.ts";
import { SEED_CARRIERS } from "../contracting/seed.ts";
import { SEED_DOWNLINE_CONTRACTS } from "../downlines/seed.ts";
import { SEED_BROKER_RTS } from "../readiness/seed.ts";
import {
  expectError,
  expectFields,
  latestLink,
  outboxOf,
  sqlite,
  startTestApi,
  tempDbPath,
  testClient,
  testSeed,
  TEST_PORTAL_URL,
} from "../core/test-support.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-admin-people-");
let api: ReferenceApi;

const client = testClient(() => api.url);
const { tokenOf, ok } = client;
const admin = async () => tokenOf("admin@demo.test");
const send = async (method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await admin(), json });
const get = async <S extends z.ZodType>(schema: S, path: string) => ok(schema, "GET", path, { token: await admin() });
const qs = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

const RecordOf = <S extends z.ZodType>(schema: S) => z.object({ record: schema });

/** The CSV answer of an export: its lines (CRLF-separated), and the response. */
async function exportCsv(path: string) {
  const response = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${await admin()}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  const body = await response.text();
  expect(body.endsWith("\r\n")).toBe(true);
  return { response, lines: body.slice(0, -2).split("\r\n") };
}

const resetUser = async (email: string) =>
  expect((await client.send("POST", "/__reset", { json: { email } })).status).toBe(204);

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("who may use the people endpoints", () => {
  const ENDPOINTS: ReadonlyArray<readonly [string, string]> = [
    ["GET", "/api/admin/roles"],
    ["GET", "/api/admin/roles/export"],
    ["GET", "/api/admin/roles/1"],
    ["POST", "/api/admin/roles"],
    ["PATCH", "/api/admin/roles/1"],
    ["DELETE", "/api/admin/roles/1"],
    ["GET", "/api/admin/users"],
    ["GET", "/api/admin/users/export"],
    ["GET", "/api/admin/users/1"],
    ["POST", "/api/admin/users"],
    ["PATCH", "/api/admin/users/1"],
    ["POST", "/api/admin/users/1/password_reset"],
    ["GET", "/api/admin/rts_statuses"],
    ["GET", "/api/admin/rts_statuses/export"],
    ["GET", "/api/admin/rts_statuses/1"],
    ["POST", "/api/admin/rts_statuses"],
    ["PATCH", "/api/admin/rts_statuses/1"],
    ["DELETE", "/api/admin/rts_statuses/1"],
  ];

  it("answers 403 to agents, agencies, carriers and an administrator signed in as another user, 401 without a token", async () => {
    const asAgent = LoginResponseSchema.parse(
      (
        await client.send("POST", "/api/login_as_user", {
          token: await admin(),
          json: { email: "agent@demo.test" },
        })
      ).json,
    ).token;
    const tokens = [
      await tokenOf("agent@demo.test"),
      await tokenOf("agency@demo.test"),
      await tokenOf("carrier@demo.test"),
      asAgent,
    ];
    for (const [method, path] of ENDPOINTS) {
      for (const token of tokens) {
        const response = await client.send(method, path, { token, json: method === "GET" ? undefined : {} });
        expectError(response, 403, ADMIN_ONLY_AREA);
      }
      expectError(await client.send(method, path, { json: method === "GET" ? undefined : {} }), 401);
    }
    // Nothing was written by the refused calls.
    const role = await get(AdminRoleResponseSchema, "/api/admin/roles/1");
    expect(role.history).toEqual([]);
  });
});

describe("roles", () => {
  it("lists the 12 seed roles with their user counts, searched, filtered, sorted, with the kind facet", async () => {
    const all = await get(AdminRolesResponseSchema, "/api/admin/roles?perPage=50");
    expect(all.records.map((r) => r.id)).toEqual(SEED_ROLES.map((r) => r.id));
    expect(all.meta.totalCount).toBe(12);
    expect(all.facets.kind).toEqual([
      { value: "Agent", label: "Agent" },
      { value: "Agency", label: "Agency" },
      { value: "Admin", label: "Admin" },
      { value: "Carrier", label: "Carrier" },
    ]);
    const captive = all.records.find((r) => r.id === 11)!;
    expect(captive).toMatchObject({ name: "Captive agent", kind: "Agent", roleRequiresSsnOrTin: true });
    expect(captive.userCount).toBe(BULK_USERS.filter((u) => u.roleId === 11).length);
    // Carrier staff: carrier@ and the 6 bulk carrier staff.
    expect(all.records.find((r) => r.id === 4)!.userCount).toBe(7);

    const agencies = await get(AdminRolesResponseSchema, "/api/admin/roles?kind=Agency");
    expect(agencies.records.map((r) => r.name)).toEqual(["Agency", "Master agency", "Agency in onboarding"]);
    const searched = await get(AdminRolesResponseSchema, `/api/admin/roles?${qs({ search: "ACH" })}`);
    expect(searched.records.map((r) => r.id)).toEqual([5, 6, 8]);
    const byCount = await get(AdminRolesResponseSchema, "/api/admin/roles?sort=userCount&order=DESC&perPage=50");
    const counts = byCount.records.map((r) => r.userCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byName = await get(AdminRolesResponseSchema, "/api/admin/roles?sort=name&perPage=5");
    expect(byName.records.map((r) => r.name)).toEqual([
      "Administrator",
      "Agency",
      "Agency in onboarding",
      "Agent in onboarding",
      "Agent paid by ACH",
    ]);
    expect(byName.meta).toMatchObject({ perPage: 5, totalPages: 3, sort: "name" });

    expectError(await send("GET", "/api/admin/roles?kind=Robot"), 422);
  });

  it("creates, reads, updates and deletes a role, each write in its history; refuses a taken name", async () => {
    const body = {
      name: "Regional agency",
      kind: "Agency",
      description: "An agency in one region.",
      roleHasOnboardingProcess: false,
      roleHasShowAchInfo: true,
      roleHasOptoutProcess: false,
      roleRequiresSsnOrTin: true,
    };
    const { record } = await ok(
      RecordOf(AdminRoleSchema),
      "POST",
      "/api/admin/roles",
      { token: await admin(), json: body },
      201,
    );
    expect(record).toMatchObject({ ...body, userCount: 0 });
    expect(record.id).toBeGreaterThan(12);

    expect(expectFields(await send("POST", "/api/admin/roles", { ...body, name: "REGIONAL agency" }))).toEqual({
      name: [ROLE_NAME_TAKEN],
    });
    expect(
      Object.keys(expectFields(await send("POST", "/api/admin/roles", { ...body, name: "", kind: "Robot" }))),
    ).toEqual(["name", "kind"]);
    expect(expectFields(await send("PATCH", `/api/admin/roles/${record.id}`, { name: "Agency" }))).toEqual({
      name: [ROLE_NAME_TAKEN],
    });

    const patched = await ok(RecordOf(AdminRoleSchema), "PATCH", `/api/admin/roles/${record.id}`, {
      token: await admin(),
      json: { description: "An agency in one state.", roleHasOptoutProcess: true },
    });
    expect(patched.record).toMatchObject({ description: "An agency in one state.", roleHasOptoutProcess: true });

    const { history } = await get(AdminRoleResponseSchema, `/api/admin/roles/${record.id}`);
    expect(history.map((h) => h.action)).toEqual(["updated", "created"]);
    expect(history[0]!.actor).toEqual({ userId: 9, name: "Grace Harper" });
    expect(history[0]!.changes).toEqual([
      { field: "description", from: "An agency in one region.", to: "An agency in one state." },
      { field: "roleHasOptoutProcess", from: "no", to: "yes" },
    ]);
    expect(history[1]!.changes).toContainEqual({ field: "name", from: null, to: "Regional agency" });

    expect((await send("DELETE", `/api/admin/roles/${record.id}`)).status).toBe(204);
    expectError(await send("GET", `/api/admin/roles/${record.id}`), 404);
    expectError(await send("PATCH", `/api/admin/roles/${record.id}`, { name: "x" }), 404);
    expectError(await send("DELETE", `/api/admin/roles/${record.id}`), 404);
    expectError(await send("GET", "/api/admin/roles/abc"), 404);
    const deleted = await sqlite(dbPath).execute({
      sql: "SELECT action, changes FROM admin_audit WHERE resource = 'roles' AND record_id = ? ORDER BY id DESC",
      args: [record.id],
    });
    expect(deleted.rows[0]!.action).toBe("deleted");
    expect(JSON.parse(String(deleted.rows[0]!.changes))).toContainEqual({
      field: "name",
      from: "Regional agency",
      to: null,
    });
  });

  it("refuses to delete a role that has users (409), and to change the kind of the caller's own role", async () => {
    const users = (await get(AdminRoleResponseSchema, "/api/admin/roles/11")).record.userCount;
    expectError(await send("DELETE", "/api/admin/roles/11"), 409, roleInUse(users));
    expect(roleInUse(1)).toBe("This role has 1 user: give them another role first.");
    expect(expectFields(await send("PATCH", "/api/admin/roles/3", { kind: "Agent" }))).toEqual({
      kind: [OWN_ROLE_KIND],
    });
  });

  it("a flag changed on role 11 reaches its users at once (GET /api/me)", async () => {
    const member = BULK_USERS.find((u) => u.roleId === 11 && u.status === "active")!;
    const signedIn = LoginResponseSchema.parse(
      (await client.send("POST", "/api/login_as_user", { token: await admin(), json: { userId: member.id } })).json,
    );
    expect(signedIn.user.roleHasOnboardingProcess).toBe(false);
    await ok(RecordOf(AdminRoleSchema), "PATCH", "/api/admin/roles/11", {
      token: await admin(),
      json: { roleHasOnboardingProcess: true },
    });
    const me = await client.send("GET", "/api/me", { token: signedIn.token });
    expect(z.object({ user: z.object({ roleHasOnboardingProcess: z.boolean() }) }).parse(me.json).user).toEqual({
      roleHasOnboardingProcess: true,
    });
    await ok(RecordOf(AdminRoleSchema), "PATCH", "/api/admin/roles/11", {
      token: await admin(),
      json: { roleHasOnboardingProcess: false },
    });
  });

  it("changing a role's kind changes users.role of its users", async () => {
    const { record: role } = await ok(
      RecordOf(AdminRoleSchema),
      "POST",
      "/api/admin/roles",
      {
        token: await admin(),
        json: {
          name: "Trainee",
          kind: "Agent",
          description: "",
          roleHasOnboardingProcess: true,
          roleHasShowAchInfo: false,
          roleHasOptoutProcess: false,
          roleRequiresSsnOrTin: false,
        },
      },
      201,
    );
    const { record: user } = await ok(
      RecordOf(AdminUserSchema),
      "POST",
      "/api/admin/users",
      { token: await admin(), json: newUser({ email: "trainee@example.com", roleId: role.id, agencyId: null }) },
      201,
    );
    const db = sqlite(dbPath);
    const roleOfUser = async () =>
      String((await db.execute({ sql: "SELECT role FROM users WHERE id = ?", args: [user.id] })).rows[0]!.role);
    expect(await roleOfUser()).toBe("Agent");
    await ok(RecordOf(AdminRoleSchema), "PATCH", `/api/admin/roles/${role.id}`, {
      token: await admin(),
      json: { kind: "Agency" },
    });
    expect(await roleOfUser()).toBe("Agency");
    const { history } = await get(AdminRoleResponseSchema, `/api/admin/roles/${role.id}`);
    expect(history[0]).toMatchObject({
      action: "updated",
      changes: [{ field: "kind", from: "Agent", to: "Agency" }],
      note: "Its user is now of kind Agency.",
    });
    expect((await get(AdminUserResponseSchema, `/api/admin/users/${user.id}`)).record.role).toEqual({
      id: role.id,
      name: "Trainee",
      kind: "Agency",
    });
    expectError(await send("DELETE", `/api/admin/roles/${role.id}`), 409, roleInUse(1));
  });

  it("exports the roles as CSV: every matching role, the filter applied, cells quoted", async () => {
    const { lines, response } = await exportCsv("/api/admin/roles/export?kind=Agency&sort=name");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="roles.csv"');
    expect(lines[0]).toBe(
      "Id,Name,Kind,Description,Users,Onboarding process,Shows ACH info,Opt-out process,Requires SSN or TIN,Updated",
    );
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual([
      "Agency",
      "Agency in onboarding",
      "Master agency",
      "Trainee", // an Agency role since the test above
    ]);
    // Quoted for its semicolon (the list separator of spreadsheets in many locales).
    expect(lines[1]).toMatch(
      /^2,Agency,Agency,"An agency with its own downline; asked for an SSN or TIN\.",\d+,no,no,no,yes,/,
    );

    await ok(
      RecordOf(AdminRoleSchema),
      "POST",
      "/api/admin/roles",
      {
        token: await admin(),
        json: {
          name: 'Broker, "senior"',
          kind: "Carrier",
          description: "=cmd",
          roleHasOnboardingProcess: false,
          roleHasShowAchInfo: false,
          roleHasOptoutProcess: false,
          roleRequiresSsnOrTin: false,
        },
      },
      201,
    );
    const quoted = await exportCsv(`/api/admin/roles/export?${qs({ search: "senior" })}`);
    expect(quoted.lines).toHaveLength(2);
    expect(quoted.lines[1]).toMatch(/^\d+,"Broker, ""senior""",Carrier,'=cmd,0,no,no,no,no,/);
    expectError(await send("GET", "/api/admin/roles/export?kind=x"), 422);
  });
});

function newUser(overrides: Record<string, unknown> = {}) {
  return {
    email: "new.broker@example.com",
    firstName: "Nora",
    lastName: "Newman",
    phone: "(555) 010-2000",
    npnNumber: "4400123",
    roleId: 1,
    agencyId: 5,
    sunfireAccess: true,
    loa: false,
    skipOnboardingWithContracts: false,
    ...overrides,
  };
}

describe("users", () => {
  it("lists every account with role, agency and flags; searched, filtered, sorted; the facets", async () => {
    const first = await get(AdminUsersResponseSchema, "/api/admin/users");
    expect(first.meta.totalCount).toBeGreaterThanOrEqual(12 + BULK_USERS.length);
    const agency = (await get(AdminUsersResponseSchema, `/api/admin/users?${qs({ search: "agency@demo" })}`)).records;
    expect(agency.map((u) => u.email)).toEqual(["agency@demo.test"]);
    expect(agency[0]).toMatchObject({
      status: "active",
      role: { id: 8, name: "Master agency", kind: "Agency" },
      sunfireAccess: true,
    });

    const bulk = BULK_USERS.find((u) => u.uplineUserId === 5 && u.kind === "Agent")!;
    const byNpn = await get(AdminUsersResponseSchema, `/api/admin/users?${qs({ search: bulk.npnNumber! })}`);
    expect(byNpn.records.map((u) => u.id)).toEqual([bulk.id]);
    expect(byNpn.records[0]!.agency).toEqual({ id: 5, name: "Chen Senior Benefits Group" });
    const byFullName = await get(
      AdminUsersResponseSchema,
      `/api/admin/users?${qs({ search: `${bulk.firstName} ${bulk.lastName}`, perPage: 50 })}`,
    );
    expect(byFullName.records.map((u) => u.id)).toContain(bulk.id);

    const pending = await get(AdminUsersResponseSchema, "/api/admin/users?status=pending&perPage=50");
    // pending@, the bulk ones and the roles' tests' trainee@.
    expect(pending.meta.totalCount).toBe(2 + BULK_USERS.filter((u) => u.status === "pending").length);
    expect(pending.records.every((u) => u.status === "pending")).toBe(true);
    const role11 = await get(AdminUsersResponseSchema, "/api/admin/users?roleId=11&perPage=50");
    expect(role11.meta.totalCount).toBe(BULK_USERS.filter((u) => u.roleId === 11).length);
    const underChen = await get(AdminUsersResponseSchema, "/api/admin/users?agencyId=5&perPage=50");
    expect(underChen.records.every((u) => u.agency?.id === 5)).toBe(true);
    // The bulk users and agent@, who writes under agency@'s Chen Senior Benefits Group (profile/seed.ts).
    expect(underChen.meta.totalCount).toBe(BULK_USERS.filter((u) => u.uplineUserId === 5).length + 1);

    const byLastName = await get(AdminUsersResponseSchema, "/api/admin/users?sort=lastName&perPage=50");
    const names = byLastName.records.map((u) => u.lastName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byRole = await get(AdminUsersResponseSchema, "/api/admin/users?sort=role&order=DESC&perPage=50");
    const roleNames = byRole.records.map((u) => u.role.name.toLowerCase());
    expect(roleNames).toEqual([...roleNames].sort().reverse());

    const { facets } = first;
    const roles = await get(AdminRolesResponseSchema, "/api/admin/roles?perPage=50");
    expect(facets.roleId).toHaveLength(roles.meta.totalCount);
    expect(facets.roleId[0]).toEqual({ value: "3", label: "Administrator" });
    expect(facets.status).toEqual([
      { value: "active", label: "Active" },
      { value: "pending", label: "Pending activation" },
      { value: "unverified", label: "E-mail not verified" },
      { value: "disabled", label: "Disabled" },
    ]);
    const labelOf = (id: number) => facets.agencyId.find((f) => f.value === String(id))?.label;
    expect(labelOf(5)).toMatch(/^Chen Senior Benefits Group — NPN \d+ · San Francisco, CA · /);
    expect(labelOf(8)).toMatch(/^Rossi Medicare Advisors — NPN \d+ · New York, NY/);
    const bulkAgency = BULK_USERS.find((u) => u.kind === "Agency")!;
    expect(labelOf(bulkAgency.id)).toBe(
      `${bulkAgency.firstName} ${bulkAgency.lastName} — NPN ${bulkAgency.npnNumber} · ${bulkAgency.level}`,
    );
    expect(facets.agencyId).not.toContainEqual(expect.objectContaining({ value: "1" }));
    expect(facets.documents).toEqual([{ value: "awaiting_review", label: "Awaiting review" }]);

    for (const bad of ["status=gone", "roleId=x", "agencyId=0", "documents=all"])
      expectError(await send("GET", `/api/admin/users?${bad}`), 422);
  });

  it("filters the users with a document awaiting review", async () => {
    // The seed has documents awaiting review (admin-contracting/seed.ts): exactly their owners are listed.
    const db = sqlite(dbPath);
    const owners = await db.execute(
      "SELECT DISTINCT user_id FROM compliance_documents WHERE review = 'pending' ORDER BY user_id",
    );
    db.close();
    const expected = owners.rows.map((r) => Number(r.user_id));
    expect(expected.length).toBeGreaterThan(0);
    const awaiting = await get(
      AdminUsersResponseSchema,
      "/api/admin/users?documents=awaiting_review&perPage=50&page=1",
    );
    expect(awaiting.meta.totalCount).toBe(expected.length);
    for (const u of awaiting.records) expect(expected).toContain(u.id);
  });

  it("creates a pending user who is e-mailed an activation link (7 days) that works", async () => {
    const body = newUser();
    const { record } = await ok(
      RecordOf(AdminUserSchema),
      "POST",
      "/api/admin/users",
      { token: await admin(), json: body },
      201,
    );
    expect(record).toMatchObject({
      email: body.email,
      status: "pending",
      role: { id: 1, name: "Independent agent", kind: "Agent" },
      agency: { id: 5, name: "Chen Senior Benefits Group" },
      sunfireAccess: true,
      loa: false,
      npnNumber: "4400123",
    });
    const stored = await sqlite(dbPath).execute({
      sql: "SELECT password_hash, role, flags FROM users WHERE id = ?",
      args: [record.id],
    });
    expect(stored.rows[0]).toMatchObject({ password_hash: "!", role: "Agent" });

    const { token, mail } = await latestLink(api.url, body.email, "/account/activate/");
    expect(mail.subject).toBe("Activate your Agent Portal account");
    expect(mail.text).toContain("7 days");
    const account = await client.send("GET", `/api/account/activation/${token}`);
    expect(account.status).toBe(200);
    expect(account.json).toEqual({ account: { email: body.email, firstName: "Nora", lastName: "Newman" } });

    const { history } = await get(AdminUserResponseSchema, `/api/admin/users/${record.id}`);
    expect(history).toHaveLength(1);
    expect(history[0]!.action).toBe("created");
    expect(history[0]!.changes).toContainEqual({ field: "status", from: null, to: "pending" });
    expect(history[0]!.changes).toContainEqual({ field: "agencyId", from: null, to: "5" });
    expect(JSON.stringify(history)).not.toMatch(/password|token/i);
  });

  it("refuses a taken e-mail, an unknown role, an agency that is not one, a malformed body", async () => {
    expect(
      expectFields(
        await send("POST", "/api/admin/users", newUser({ email: "AGENT@demo.test", roleId: 999, agencyId: 1 })),
      ),
    ).toEqual({ email: [EMAIL_TAKEN], roleId: [UNKNOWN_ROLE], agencyId: [NOT_AN_AGENCY] });
    const fields = expectFields(await send("POST", "/api/admin/users", newUser({ email: "nope", npnNumber: "12ab" })));
    expect(Object.keys(fields)).toEqual(["email", "npnNumber"]);
    expectFields(await send("POST", "/api/admin/users", []));
    expect(expectFields(await send("PATCH", "/api/admin/users/2", { email: "agency@demo.test" }))).toEqual({
      email: [EMAIL_TAKEN],
    });
    expectError(await send("PATCH", "/api/admin/users/99999", { firstName: "X" }), 404);
    expectError(await send("GET", "/api/admin/users/99999"), 404);
  });

  it("disabling ends the user's sessions and refuses sign-in; enabling lets them in again; flags merge", async () => {
    const email = "newagent@demo.test";
    const login = async () => client.send("POST", "/api/login", { json: { email, password: DEMO_PASSWORD } });
    const own = LoginResponseSchema.parse((await login()).json).token;
    const db = sqlite(dbPath);
    const flagsBefore = JSON.parse(
      String((await db.execute({ sql: "SELECT flags FROM users WHERE id = 2", args: [] })).rows[0]!.flags),
    ) as Record<string, unknown>;

    const disabled = await ok(RecordOf(AdminUserSchema), "PATCH", "/api/admin/users/2", {
      token: await admin(),
      json: { status: "disabled", sunfireAccess: true },
    });
    expect(disabled.record).toMatchObject({ status: "disabled", sunfireAccess: true });
    expectError(await client.send("GET", "/api/me", { token: own }), 401);
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ reason: "disabled" });
    const flagsAfter = JSON.parse(
      String((await db.execute({ sql: "SELECT flags FROM users WHERE id = 2", args: [] })).rows[0]!.flags),
    ) as Record<string, unknown>;
    expect(flagsAfter).toEqual({ ...flagsBefore, sunfireAccess: true });

    await ok(RecordOf(AdminUserSchema), "PATCH", "/api/admin/users/2", {
      token: await admin(),
      json: { status: "active" },
    });
    const again = LoginResponseSchema.parse((await login()).json);
    expect(again.user.sunfireAccess).toBe(true);

    const { history } = await get(AdminUserResponseSchema, "/api/admin/users/2");
    expect(history.map((h) => h.action)).toEqual(["enabled", "disabled"]);
    expect(history[1]!.changes).toEqual([
      { field: "status", from: "active", to: "disabled" },
      { field: "sunfireAccess", from: "no", to: "yes" },
    ]);
    await resetUser(email);
  });

  it("stores a phone formatted, as the profile does: the same number in digits is no change", async () => {
    // Not one of the reserved e2e brokers (102–109).
    const bulk = BULK_USERS.find((u) => u.id > 150 && u.status === "active" && u.kind === "Agent")!;
    const digits = bulk.phone.replace(/\D/g, "");
    const same = await ok(RecordOf(AdminUserSchema), "PATCH", `/api/admin/users/${bulk.id}`, {
      token: await admin(),
      json: { phone: digits },
    });
    expect(same.record.phone).toBe(bulk.phone);
    const changed = await ok(RecordOf(AdminUserSchema), "PATCH", `/api/admin/users/${bulk.id}`, {
      token: await admin(),
      json: { phone: "5552017788" },
    });
    expect(changed.record.phone).toBe("(555) 201-7788");
    const { history } = await get(AdminUserResponseSchema, `/api/admin/users/${bulk.id}`);
    expect(history.map((h) => h.changes)).toEqual([[{ field: "phone", from: bulk.phone, to: "(555) 201-7788" }]]);
  });

  it("a pending or unverified user can only be disabled; the caller cannot disable themself", async () => {
    const pending = BULK_USERS.find((u) => u.status === "pending")!;
    const unverified = BULK_USERS.find((u) => u.status === "unverified")!;
    for (const u of [pending, unverified]) {
      expect(expectFields(await send("PATCH", `/api/admin/users/${u.id}`, { status: "active" }))).toEqual({
        status: [NOT_YET_ACTIVATED],
      });
    }
    const { record } = await ok(RecordOf(AdminUserSchema), "PATCH", `/api/admin/users/${pending.id}`, {
      token: await admin(),
      json: { status: "disabled" },
    });
    expect(record.status).toBe("disabled");
    expect(expectFields(await send("PATCH", "/api/admin/users/9", { status: "disabled" }))).toEqual({
      status: [OWN_ACCOUNT_DISABLED],
    });
    expectFields(await send("PATCH", "/api/admin/users/9", { status: "pending" }));
  });

  it("sends a password reset link to an active user, a new activation link to a pending one; refuses a disabled one", async () => {
    const reset = await ok(
      AdminPasswordResetResponseSchema,
      "POST",
      "/api/admin/users/3/password_reset",
      { token: await admin() },
      202,
    );
    expect(reset).toEqual({ sent: "reset" });
    const { mail } = await latestLink(api.url, "loa@demo.test", "/account/update_password/");
    expect(mail.subject).toBe("Reset your Agent Portal password");
    expect(mail.text).toContain("1 hour");

    const activation = await ok(
      AdminPasswordResetResponseSchema,
      "POST",
      "/api/admin/users/12/password_reset",
      { token: await admin() },
      202,
    );
    expect(activation).toEqual({ sent: "activation" });
    const mails = await outboxOf(api.url, "pending@demo.test");
    expect(mails[0]!.links.some((l) => l.startsWith(`${TEST_PORTAL_URL}/account/activate/`))).toBe(true);

    const disabled = BULK_USERS.find((u) => u.status === "disabled")!;
    expectError(await send("POST", `/api/admin/users/${disabled.id}/password_reset`), 422, DISABLED_NO_PASSWORD_EMAIL);
    expectError(await send("POST", "/api/admin/users/99999/password_reset"), 404);

    const { history } = await get(AdminUserResponseSchema, "/api/admin/users/3");
    expect(history[0]).toMatchObject({
      action: "password_reset_sent",
      changes: [],
      note: "A password reset link was e-mailed.",
    });
    await resetUser("loa@demo.test");
    await resetUser("pending@demo.test");
  });

  it("exports the users as CSV with the filter applied", async () => {
    const { lines, response } = await exportCsv("/api/admin/users/export?status=pending&sort=email");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="users.csv"');
    expect(lines[0]).toBe(
      "Id,First name,Last name,E-mail,Phone,NPN,Status,Role,Role kind,Agency,Upline,Last sign-in,Licensed states,Expired licenses,Next license expiry,Appointments,Quote tool access,LOA,Skip onboarding with contracts,Created,Updated",
    );
    const listed = await get(AdminUsersResponseSchema, "/api/admin/users?status=pending&sort=email&perPage=50");
    expect(lines.slice(1).map((l) => Number(l.split(",")[0]))).toEqual(listed.records.map((u) => u.id));
    expect(lines.slice(1).every((l) => l.includes(",Pending activation,"))).toBe(true);
  });
});

describe("users: what tells them apart, and what admins compare (issue 20)", () => {
  it("labels every agency of the Agency filter and the upline list uniquely, though names repeat", async () => {
    const { facets } = await get(AdminUsersResponseSchema, "/api/admin/users?perPage=5");
    const labels = facets.agencyId.map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
    // Names do repeat among the agencies (the bulk seed's "Carol Sanchez" ×4): the label tells them apart.
    const names = BULK_USERS.filter((u) => u.kind === "Agency").map((u) => `${u.firstName} ${u.lastName}`);
    expect(new Set(names).size).toBeLessThan(names.length);
    expect(labels.every((l) => / — NPN \d+/.test(l))).toBe(true);
  });

  it("shows agent@'s agency and upline as agent@'s own profile does, and follows an admin's change", async () => {
    const profile = async (email: string) =>
      (await client.ok(ProfileDetailsResponseSchema, "GET", "/api/profile/details", { token: await tokenOf(email) }))
        .details;
    for (const [email, id] of [
      ["agent@demo.test", 1],
      ["agency@demo.test", 5],
      ["newagent@demo.test", 2],
    ] as const) {
      const { record } = await get(AdminUserResponseSchema, `/api/admin/users/${id}`);
      const own = await profile(email);
      expect(record.hierarchy).toEqual({ agency: own.agencyName, upline: own.upline });
    }
    const { record: agent } = await get(AdminUserResponseSchema, "/api/admin/users/1");
    expect(agent.agency).toEqual({ id: 5, name: "Chen Senior Benefits Group" });
    expect(agent.hierarchy).toEqual({ agency: "Chen Senior Benefits Group", upline: "Summit Health Marketing" });

    // The admin moves agent@ under Nguyen Insurance Partners: agent@'s profile says so at once.
    await ok(RecordOf(AdminUserSchema), "PATCH", "/api/admin/users/1", { token: await admin(), json: { agencyId: 6 } });
    expect((await profile("agent@demo.test")).agencyName).toBe("Nguyen Insurance Partners");
    await resetUser("agent@demo.test");
  });

  it("records a user's own sign-in, not an administrator's Sign in as", async () => {
    const before = (await get(AdminUserResponseSchema, "/api/admin/users/3")).record.lastSignInAt;
    const login = await client.send("POST", "/api/login", {
      json: { email: "loa@demo.test", password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const after = (await get(AdminUserResponseSchema, "/api/admin/users/3")).record.lastSignInAt;
    expect(after).not.toBe(before);
    expect(Date.now() - Date.parse(after!)).toBeLessThan(60_000);

    const bulk = BULK_USERS.find((u) => u.status === "active" && u.kind === "Agent")!;
    const was = (await get(AdminUserResponseSchema, `/api/admin/users/${bulk.id}`)).record.lastSignInAt;
    expect((await send("POST", "/api/login_as_user", { userId: bulk.id })).status).toBe(200);
    expect((await get(AdminUserResponseSchema, `/api/admin/users/${bulk.id}`)).record.lastSignInAt).toBe(was);
  });

  it("sums up each user's licenses and appointments, sortable by last sign-in, license expiry and appointments", async () => {
    const { record } = await get(AdminUserResponseSchema, "/api/admin/users/1");
    // agent@: FL and GA, AL expiring within 30 days (the soonest), SC expired (profile/seed.ts).
    expect(record.licenses).toEqual({
      states: 3,
      expired: 1,
      nextExpiry: testSeed.daysFromNow(AL_LICENSE_EXPIRES_IN_DAYS),
    });
    const contracts = await sqlite(dbPath).execute(
      "SELECT COUNT(*) AS n FROM contracting_entries WHERE user_id = 1 AND status = 'active'",
    );
    expect(record.appointments).toBe(Number(contracts.rows[0]!.n));
    expect(record.appointments).toBeGreaterThan(0);

    const sorted = async (sort: string, order: "ASC" | "DESC") =>
      (await get(AdminUsersResponseSchema, `/api/admin/users?${qs({ sort, order, perPage: 50 })}`)).records;
    const byAppointments = (await sorted("appointments", "DESC")).map((u) => u.appointments);
    expect(byAppointments).toEqual([...byAppointments].sort((a, b) => b - a));
    const bySignIn = (await sorted("lastSignInAt", "DESC")).map((u) => u.lastSignInAt ?? "");
    expect(bySignIn).toEqual([...bySignIn].sort().reverse());
    const byExpiry = (await sorted("licenses", "ASC")).map((u) => u.licenses.nextExpiry);
    expect(byExpiry.every((d) => d !== null)).toBe(true);
    expect(byExpiry).toEqual([...byExpiry].sort());
  });

  it("refuses to sign in as a disabled user (422), as the sign-in itself does", async () => {
    const disabled = BULK_USERS.find((u) => u.status === "disabled")!;
    expectError(await send("POST", "/api/login_as_user", { userId: disabled.id }), 422, SIGN_IN_AS_DISABLED);
    expectError(await send("POST", "/api/login_as_user", { email: disabled.email }), 422, SIGN_IN_AS_DISABLED);
  });
});

describe("RTS statuses", () => {
  it("lists the six statuses of each carrier, with usage counts; searched, filtered, sorted; the carrier facet", async () => {
    const all = await get(AdminRtsStatusesResponseSchema, "/api/admin/rts_statuses?perPage=50");
    expect(all.meta.totalCount).toBe(SEED_CARRIERS.length * 6);
    const rts1 = all.records.find((s) => s.carrier?.id === 1 && s.statusCode === "RTS")!;
    expect(rts1).toMatchObject({
      statusTitle: "Ready to Sell",
      displayStatus: "Ready to sell",
      tone: "ready",
      carrier: { id: 1, name: "Blue Harbor Health" },
    });
    // Each status carries its tone: Terminated never looks like Ready to sell.
    const tones = Object.fromEntries(
      all.records.filter((s) => s.carrier?.id === 1).map((s) => [s.statusCode, s.tone] as const),
    );
    expect(tones).toEqual({
      RTS: "ready",
      NRTS: "blocked",
      PEND: "in_progress",
      CERT: "in_progress",
      NPY: "in_progress",
      TERM: "blocked",
    });
    // In use by agency@'s downline and by the brokers' own contracts (issue 25 §1's ready-to-sell seed).
    expect(rts1.usageCount).toBe(
      [...SEED_DOWNLINE_CONTRACTS, ...SEED_BROKER_RTS].filter((c) => c.carrierId === 1 && c.rtsCode === "RTS").length,
    );

    const one = await get(AdminRtsStatusesResponseSchema, "/api/admin/rts_statuses?carrierId=2");
    expect(one.records.map((s) => s.statusCode)).toEqual(["RTS", "NRTS", "PEND", "CERT", "NPY", "TERM"]);
    const searched = await get(AdminRtsStatusesResponseSchema, `/api/admin/rts_statuses?${qs({ search: "new plan" })}`);
    expect(searched.meta.totalCount).toBe(SEED_CARRIERS.length);
    const byUsage = await get(AdminRtsStatusesResponseSchema, "/api/admin/rts_statuses?sort=usageCount&order=DESC");
    const usage = byUsage.records.map((s) => s.usageCount);
    expect(usage).toEqual([...usage].sort((a, b) => b - a));
    const byCarrier = await get(AdminRtsStatusesResponseSchema, "/api/admin/rts_statuses?sort=carrier&perPage=10");
    expect(byCarrier.records[0]!.carrier!.name).toBe("Blue Harbor Health");
    // The carriers alone: every choice is a carrier id the filter accepts ("all" is the empty value).
    expect(all.facets.carrierId).toContainEqual({ value: "5", label: "Keystone Senior Health" });
    expect(all.facets.carrierId).toHaveLength(SEED_CARRIERS.length);
    expect(all.facets.carrierId.every((f) => /^[1-9]\d*$/.test(f.value))).toBe(true);
    expect(all.facets.carrierId.map((f) => f.label)).not.toContain("Any carrier");
    expectError(await send("GET", "/api/admin/rts_statuses?carrierId=none"), 422);
  });

  it("seeds agency@'s downline contracts and the brokers' own with their carrier's RTS, NRTS or PEND status", async () => {
    const rows = await sqlite(dbPath).execute(
      `SELECT dc.carrier_id, dc.status, s.carrier_id AS status_carrier_id, s.status_code
       FROM downline_contracts dc JOIN rts_statuses s ON s.id = dc.rts_status_id`,
    );
    expect(rows.rows).toHaveLength(SEED_DOWNLINE_CONTRACTS.length + SEED_BROKER_RTS.length);
    for (const r of rows.rows) {
      expect(r.status_carrier_id).toBe(r.carrier_id);
      expect(["RTS", "NRTS", "PEND"]).toContain(r.status_code);
    }
    expect(new Set(SEED_RTS_STATUS_ROWS.map((s) => s.id)).size).toBe(SEED_CARRIERS.length * 6);
    for (const s of SEED_RTS_STATUS_ROWS) expect(s.description.length).toBeGreaterThan(20);
  });

  it("creates, updates and deletes a status; the code is unique per carrier", async () => {
    const body = {
      statusCode: "APPT",
      statusTitle: "Appointment pending",
      displayStatus: "Appointment pending",
      tone: "in_progress",
      description: "The carrier has not confirmed the appointment yet.",
      carrierId: 3,
    };
    const { record } = await ok(
      RecordOf(AdminRtsStatusSchema),
      "POST",
      "/api/admin/rts_statuses",
      { token: await admin(), json: body },
      201,
    );
    expect(record).toMatchObject({
      statusCode: "APPT",
      carrier: { id: 3, name: "Evergreen Life & Health" },
      usageCount: 0,
    });
    expect(expectFields(await send("POST", "/api/admin/rts_statuses", body))).toEqual({ statusCode: [RTS_CODE_TAKEN] });
    // The same code for another carrier, and for any carrier (once).
    await ok(
      RecordOf(AdminRtsStatusSchema),
      "POST",
      "/api/admin/rts_statuses",
      { token: await admin(), json: { ...body, carrierId: 4 } },
      201,
    );
    const anyCarrier = await ok(
      RecordOf(AdminRtsStatusSchema),
      "POST",
      "/api/admin/rts_statuses",
      { token: await admin(), json: { ...body, carrierId: null } },
      201,
    );
    expect(anyCarrier.record.carrier).toBeNull();
    expect(expectFields(await send("POST", "/api/admin/rts_statuses", { ...body, carrierId: null }))).toEqual({
      statusCode: [RTS_CODE_TAKEN],
    });
    expectError(await send("GET", "/api/admin/rts_statuses?carrierId=any"), 422);
    expect(Object.keys(expectFields(await send("POST", "/api/admin/rts_statuses", { ...body, tone: "blue" })))).toEqual(
      ["tone"],
    );
    expect(expectFields(await send("POST", "/api/admin/rts_statuses", { ...body, carrierId: 99 }))).toEqual({
      carrierId: [UNKNOWN_CARRIER],
    });
    expect(
      Object.keys(expectFields(await send("POST", "/api/admin/rts_statuses", { ...body, statusCode: "bad code" }))),
    ).toEqual(["statusCode"]);
    // Moving it to a carrier that has the code.
    expect(expectFields(await send("PATCH", `/api/admin/rts_statuses/${record.id}`, { carrierId: 4 }))).toEqual({
      statusCode: [RTS_CODE_TAKEN],
    });

    const patched = await ok(RecordOf(AdminRtsStatusSchema), "PATCH", `/api/admin/rts_statuses/${record.id}`, {
      token: await admin(),
      json: { displayStatus: "Awaiting appointment", tone: "blocked" },
    });
    expect(patched.record.displayStatus).toBe("Awaiting appointment");
    expect(patched.record.tone).toBe("blocked");
    const { history } = await get(AdminRtsStatusResponseSchema, `/api/admin/rts_statuses/${record.id}`);
    expect(history.map((h) => h.action)).toEqual(["updated", "created"]);
    expect(history[0]!.changes).toEqual([
      { field: "displayStatus", from: "Appointment pending", to: "Awaiting appointment" },
      { field: "tone", from: "in_progress", to: "blocked" },
    ]);

    expect((await send("DELETE", `/api/admin/rts_statuses/${record.id}`)).status).toBe(204);
    expectError(await send("GET", `/api/admin/rts_statuses/${record.id}`), 404);
  });

  it("refuses to delete a status in use (409), or to move it to another carrier", async () => {
    const used = SEED_RTS_STATUS_ROWS.find((s) => s.carrierId === 1 && s.statusCode === "PEND")!;
    const count = SEED_DOWNLINE_CONTRACTS.filter((c) => c.carrierId === 1 && c.rtsCode === "PEND").length;
    expectError(await send("DELETE", `/api/admin/rts_statuses/${used.id}`), 409, rtsStatusInUse(count));
    // (Carrier 6 has a PEND status too.)
    expect(expectFields(await send("PATCH", `/api/admin/rts_statuses/${used.id}`, { carrierId: 6 }))).toEqual({
      carrierId: [rtsCarrierInUse(count)],
      statusCode: [RTS_CODE_TAKEN],
    });
    expect(rtsStatusInUse(3)).toBe("3 downline contracts show this status: it cannot be deleted.");
  });

  it("an edited status in use changes what agency@'s downlines show at once", async () => {
    const downlines = async () =>
      ok(DownlinesResponseSchema, "GET", "/api/downlines/1/agency/1005", { token: await tokenOf("agency@demo.test") });
    const rts = SEED_RTS_STATUS_ROWS.find((s) => s.carrierId === 1 && s.statusCode === "RTS")!;
    expect((await downlines()).downlines.agents.find((a) => a.npnId === 5201)!.rtsStatus.statusTitle).toBe(
      "Ready to Sell",
    );
    await ok(RecordOf(AdminRtsStatusSchema), "PATCH", `/api/admin/rts_statuses/${rts.id}`, {
      token: await admin(),
      json: { statusTitle: "Ready to sell (2026)", displayStatus: "Ready" },
    });
    const after = (await downlines()).downlines;
    expect(after.agents.find((a) => a.npnId === 5201)!.rtsStatus).toMatchObject({
      statusCode: "RTS",
      statusTitle: "Ready to sell (2026)",
      displayStatus: "Ready",
    });
    expect(after.agencies[0]!.rtsStatus.displayStatus).toBe("Ready");
    await ok(RecordOf(AdminRtsStatusSchema), "PATCH", `/api/admin/rts_statuses/${rts.id}`, {
      token: await admin(),
      json: { statusTitle: rts.statusTitle, displayStatus: rts.displayStatus },
    });
  });

  it("exports the statuses as CSV with the filter applied", async () => {
    const { lines, response } = await exportCsv("/api/admin/rts_statuses/export?carrierId=1");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="rts_statuses.csv"');
    expect(lines[0]).toBe("Id,Code,Title,Display status,Tone,Description,Carrier,Downline contracts,Updated");
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual(["RTS", "NRTS", "PEND", "CERT", "NPY", "TERM"]);
    expect(lines[1]).toContain(",Ready to sell,ready,");
    expect(lines.slice(1).every((l) => l.includes(",Blue Harbor Health,"))).toBe(true);
    // A description with a comma is quoted.
    expect(lines[4]).toContain(`,"The advisor is appointed with this carrier, but`);
  });
});
