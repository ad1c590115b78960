import { describe, expect, it } from "vitest";
import { audienceText } from "./labels";
import type { AdminSystemNotification } from "./records";
import { noticeSchema } from "./schemas";
import { bodyOf, server } from "./section.server";

const value = (over: Record<string, unknown> = {}) =>
  noticeSchema.parse({ title: "T", message: "M", severity: "info", audience: "everyone", ...over });

const record: AdminSystemNotification = {
  id: 4,
  title: "T",
  message: "M",
  severity: "info",
  audience: "roles",
  roles: ["Agent"],
  agency: null,
  startsAt: "2030-12-01T14:30:00.000Z",
  endsAt: "2030-12-08T00:00:00.000Z",
  status: "scheduled",
  dismissals: 0,
  updatedAt: "2030-11-01T00:00:00.000Z",
};

describe("a notice's form and the upstream's body (issue 22 §2.3)", () => {
  it("days are UTC: the first day's midnight, the day after the last (exclusive end); no first day: now", () => {
    const body = bodyOf(value({ startsOn: "12/01/2030", endsOn: "12/07/2030", roleAgent: "on" }));
    expect(body).toMatchObject({ startsAt: "2030-12-01T00:00:00.000Z", endsAt: "2030-12-08T00:00:00.000Z" });
    // Roles only when checked; the upstream keeps them for audience "roles" only.
    expect(body.roles).toEqual(["Agent"]);
    const now = Date.now();
    const open = bodyOf(value());
    expect(Math.abs(Date.parse(open.startsAt) - now)).toBeLessThan(5000);
    expect(open.endsAt).toBeNull();
  });

  it("a record's days come back as it shows them, and a day left alone keeps the record's time", () => {
    const form = server.form!.formValues(record);
    expect(form).toMatchObject({
      startsOn: "12/01/2030",
      endsOn: "12/07/2030",
      roleAgent: "on",
      roleAgency: undefined,
    });
    const again = bodyOf(value({ ...form, audience: "roles" }), record);
    expect(again.startsAt).toBe(record.startsAt);
    expect(again.endsAt).toBe(record.endsAt);
  });

  it("says who a notice addresses", () => {
    expect(audienceText(record)).toBe("Agents");
    expect(audienceText({ audience: "agency", roles: [], agency: { id: 5, name: "Chen Group" } })).toBe(
      "Chen Group and its hierarchy",
    );
    expect(audienceText({ audience: "everyone", roles: [], agency: null })).toBe("Everyone");
  });
});
