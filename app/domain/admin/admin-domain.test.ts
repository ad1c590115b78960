import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { formatDateTimeUtc, formatDuration } from "./times";
import { crumbsOf } from "./crumbs";
import { CONTRACT_AGES } from "./dashboard";
import { VERSION_MISSING } from "../record-version";
import { bulkIdsSchema, documentReviewSchema, transitionSchema } from "./forms";
import { bulkTransitionSchema } from "../../admin/sections/contracting/schemas";
import { rtsStatusSchema } from "../../admin/sections/rts_statuses/schemas";
import { newUserSchema } from "../../admin/sections/users/schemas";
import { DENY_NEEDS_NOTE } from "./labels";
import { ADMIN_GROUPS, ADMIN_SECTIONS, sectionOfPath, sectionsOf } from "./sections";
import { SECTION_SHAPES, backToList, isSectionKey, recordIdOf, recordPath, viewPath, withDefaultSort } from "./shapes";

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

describe("the admin sections (spec §2 '/admin has these children')", () => {
  it("lists every child but index, once, each in one of the seven groups", () => {
    expect(ADMIN_SECTIONS).toHaveLength(23);
    expect(new Set(ADMIN_SECTIONS.map((s) => s.key)).size).toBe(23);
    expect(ADMIN_GROUPS.flatMap((g) => sectionsOf(g)).length).toBe(23);
  });

  it("every one is a section with its pages (issue 24 §5 was the last): spec §2's children", () => {
    const keys = ADMIN_SECTIONS.map((s) => s.key);
    expect([...keys].sort()).toEqual([
      "admin_support",
      "carrier_enrollments",
      "carrier_exports",
      "carrier_imports",
      "carrier_notifications",
      "carriers",
      "commission_statements",
      "commission_totals",
      "contracting",
      "email_communications",
      "learning_center_resources",
      "nipr_history",
      "nipr_license_config",
      "nipr_pdb_alerts",
      "payout_entries",
      "policy_production",
      "quote_tool_providers",
      "roles",
      "rts_statuses",
      "sunfire_imports",
      "system_notifications",
      "tickets",
      "users",
    ]);
    for (const key of keys) expect(isSectionKey(key)).toBe(true);
  });

  it("a path's section: its first segment; a broker's pages are the users'", () => {
    expect(sectionOfPath("/admin/users/12/edit")?.key).toBe("users");
    expect(sectionOfPath("/admin/brokers/4/documents")?.key).toBe("users");
    expect(sectionOfPath("/admin/contracting/edit/3")?.key).toBe("contracting");
    expect(sectionOfPath("/admin")).toBeNull();
    expect(sectionOfPath("/admin/nothing")).toBeNull();
  });
});

describe("the sections' URLs (spec §2: users/:id/edit, roles/:id, rts_statuses/:id, contracting/edit/:id?)", () => {
  it("record pages", () => {
    expect(recordPath("users", 12)).toBe("/admin/users/12/edit");
    expect(recordPath("roles", 3)).toBe("/admin/roles/3");
    expect(recordPath("rts_statuses", 7)).toBe("/admin/rts_statuses/7");
    expect(recordPath("contracting", 1001)).toBe("/admin/contracting/edit/1001");
    // A user's address opens the user (issue 20); its form stays users/:id/edit.
    expect(viewPath("users", 12)).toBe("/admin/users/12");
    expect(viewPath("roles", 3)).toBe("/admin/roles/3");
  });

  it("a record id is a positive integer", () => {
    expect(recordIdOf("12")).toBe(12);
    for (const bad of [undefined, "", "0", "-1", "1e3", "12abc", "9999999999"]) expect(recordIdOf(bad)).toBeNull();
  });

  it("a form goes back to the list it came from, never elsewhere", () => {
    expect(backToList("roles", "/admin/roles?page=2")).toBe("/admin/roles?page=2");
    expect(backToList("roles", "/admin/roles")).toBe("/admin/roles");
    for (const bad of ["https://evil.example/admin/roles", "//evil.example", "/admin/users?x=1", "/admin/rolesX", null])
      expect(backToList("roles", bad)).toBe("/admin/roles");
  });

  it("the desk lists the longest waiting first unless the URL sorts", () => {
    expect(withDefaultSort("contracting", new URLSearchParams("state=pending")).toString()).toBe(
      "state=pending&sort=waiting&order=DESC",
    );
    expect(withDefaultSort("contracting", new URLSearchParams("sort=broker")).toString()).toBe("sort=broker");
    expect(withDefaultSort("users", new URLSearchParams()).toString()).toBe("");
  });

  it("the age filter's values are the dashboard's bands", () => {
    expect(SECTION_SHAPES.contracting.filters.age.values).toEqual(CONTRACT_AGES);
  });
});

describe("the admin forms' schemas", () => {
  it("a new user: digits of the phone, the role as a number, checkboxes as booleans, no agency as null", () => {
    const parsed = parseWithZod(
      form([
        ["firstName", " Ann "],
        ["lastName", "Lee"],
        ["email", "ann@example.test"],
        ["phone", "(555) 201-4410"],
        ["roleId", "5"],
        ["agencyId", ""],
        ["loa", "on"],
      ]),
      { schema: newUserSchema },
    );
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toEqual({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.test",
      phone: "5552014410",
      npnNumber: null,
      roleId: 5,
      agencyId: null,
      sunfireAccess: false,
      loa: true,
      skipOnboardingWithContracts: false,
    });
  });

  it("an RTS code is stored in capitals; a code with spaces is refused", () => {
    const ok = parseWithZod(
      form([
        ["statusCode", "cert_2"],
        ["statusTitle", "x"],
        ["displayStatus", "y"],
        ["tone", "in_progress"],
      ]),
      {
        schema: rtsStatusSchema,
      },
    );
    expect(ok.status === "success" && ok.value.statusCode).toBe("CERT_2");
    expect(ok.status === "success" && ok.value.tone).toBe("in_progress");
    // The badge's tone is chosen, never assumed; only the three tones are taken.
    const noTone = parseWithZod(
      form([
        ["statusCode", "X"],
        ["statusTitle", "x"],
        ["displayStatus", "y"],
      ]),
      { schema: rtsStatusSchema },
    );
    expect(noTone.status === "error" && noTone.error?.tone).toEqual(["Choose the badge's color"]);
    const badTone = parseWithZod(
      form([
        ["statusCode", "X"],
        ["statusTitle", "x"],
        ["displayStatus", "y"],
        ["tone", "blue"],
      ]),
      { schema: rtsStatusSchema },
    );
    expect(badTone.status).toBe("error");
    const bad = parseWithZod(
      form([
        ["statusCode", "a b"],
        ["statusTitle", "x"],
        ["displayStatus", "y"],
      ]),
      {
        schema: rtsStatusSchema,
      },
    );
    expect(bad.status).toBe("error");
  });

  it("a move: denied needs the public note; active needs the writing number and a real date", () => {
    // The request's version the page showed goes with every move (issue 35 §2).
    const version: [string, string] = ["version", "4"];
    const denied = parseWithZod(form([version, ["state", "denied"]]), { schema: transitionSchema });
    expect(denied.status === "error" && denied.error?.publicNote).toEqual([DENY_NEEDS_NOTE]);
    const active = parseWithZod(form([version, ["state", "active"]]), { schema: transitionSchema });
    expect(active.status === "error" && Object.keys(active.error ?? {}).sort()).toEqual([
      "effectiveDate",
      "writingNumber",
    ]);
    const notADate = parseWithZod(
      form([version, ["state", "active"], ["writingNumber", "W-1"], ["effectiveDate", "02/30/2027"]]),
      {
        schema: transitionSchema,
      },
    );
    expect(notADate.status === "error" && notADate.error?.effectiveDate).toEqual(["Enter the date as MM/DD/YYYY"]);
    const done = parseWithZod(
      form([version, ["state", "active"], ["writingNumber", "W-1"], ["effectiveDate", "01/01/2027"]]),
      { schema: transitionSchema },
    );
    expect(done.status === "success" && done.value).toEqual({
      version: 4,
      state: "active",
      publicNote: null,
      internalNote: null,
      writingNumber: "W-1",
      effectiveDate: "2027-01-01",
    });
    const noVersion = parseWithZod(form([["state", "approved"]]), { schema: transitionSchema });
    expect(noVersion.status === "error" && noVersion.error?.version).toEqual([VERSION_MISSING]);
  });

  it("a bulk action: distinct positive ids, at least one; the desk's cannot make requests active", () => {
    const ids = parseWithZod(
      form([
        ["id", "3"],
        ["id", "3"],
        ["id", "x"],
        ["id", "4"],
      ]),
      { schema: bulkIdsSchema },
    );
    expect(ids.status === "success" && ids.value.id).toEqual([3, 4]);
    expect(parseWithZod(form([["id", "0"]]), { schema: bulkIdsSchema }).status).toBe("error");
    expect(parseWithZod(form([]), { schema: bulkIdsSchema }).status).toBe("error");
    expect(
      parseWithZod(
        form([
          ["id", "3"],
          ["state", "active"],
        ]),
        { schema: bulkTransitionSchema },
      ).status,
    ).toBe("error");
  });

  it("a rejected document needs the note the broker will see", () => {
    const rejected = parseWithZod(
      form([
        ["kind", "w9"],
        ["decision", "reject"],
      ]),
      { schema: documentReviewSchema },
    );
    expect(rejected.status === "error" && rejected.error?.note).toBeTruthy();
    expect(
      parseWithZod(
        form([
          ["kind", "w9"],
          ["decision", "approve"],
        ]),
        { schema: documentReviewSchema },
      ).status,
    ).toBe("success");
  });
});

describe("breadcrumbs", () => {
  it("Admin, then each matched route's steps (routes without data add none)", () => {
    const handle = { crumbs: (d: { name: string }) => [{ label: d.name }] };
    expect(
      crumbsOf([
        { handle: undefined, loaderData: {} },
        { handle, loaderData: { name: "Roles" } },
        { handle, loaderData: undefined },
      ]),
    ).toEqual([{ label: "Admin Tools", to: "/admin" }, { label: "Roles" }]);
  });
});

describe("times in the admin area", () => {
  it("a moment reads the same everywhere (UTC)", () => {
    expect(formatDateTimeUtc("2026-11-26T01:05:09.000Z")).toBe("11/26/2026 01:05 UTC");
    expect(formatDateTimeUtc("nope")).toBe("—");
  });
  it("durations in whole days, hours or minutes", () => {
    expect(formatDuration(86_400 * 3 + 5)).toBe("3 days");
    expect(formatDuration(3_600)).toBe("1 hour");
    expect(formatDuration(125)).toBe("2 minutes");
    expect(formatDuration(20)).toBe("under a minute");
  });
});
