import { beforeAll, describe, expect, it } from "vitest";
import { FILTERS_REFUSED_TITLE, RESET_FILTERS } from "../../app/domain/list-query";
import { expectSmallAndQuick, send, signIn } from "./support";

/**
 * Issue 11 point 8, ADR 020: bad input in a list's URL never gives a 5xx. Values the portal can check are
 * ignored with a note; a filter only the upstream can judge, when it does not know it, is a 400 inside
 * the layout with a link to the list without filters; 404 and 405 stay what they are.
 */
const NOTE = "Some values in the link were not valid and were ignored";

let agency = "";
let agent = "";
let carrier = "";
let admin = "";
beforeAll(async () => {
  [agency, agent, carrier, admin] = await Promise.all([
    signIn("agency@demo.test"),
    signIn("agent@demo.test"),
    signIn("carrier@demo.test"),
    signIn("admin@demo.test"),
  ]);
});

const long = "x".repeat(4000);

describe("values a list can check itself are ignored with a note", () => {
  it("paging, sort, order and filter values it does not know: the page, with the note, never a 5xx", async () => {
    const cases: Array<[string, () => string]> = [
      ["/book_of_business?page=abc", () => agency],
      ["/book_of_business?page=-1", () => agency],
      ["/book_of_business?page=99999999999999999999", () => agency],
      ["/book_of_business?perPage=7", () => agency],
      ["/book_of_business?sort=evil", () => agency],
      ["/book_of_business?order=sideways", () => agency],
      ["/book_of_business?status=Nope", () => agency],
      ["/book_of_business?productId=abc", () => agency],
      ["/book_of_business?status=a&status=b", () => agency],
      ["/book_of_business?page=%00", () => agency],
      ["/book_of_business?page=%E0%A4%A", () => agency],
      [`/book_of_business?status=${long}`, () => agency],
      ["/commissions?period=2026-13", () => agency],
      ["/commissions?period=abc&sort=evil", () => agency],
      // Issue 25 §3: the reconciliation reads only the period.
      ["/commissions/reconciliation?period=2026-13", () => agent],
      ["/commissions/reconciliation?period=abc", () => agency],
      ["/commissions/reconciliation?period=2026-09&period=2026-08", () => agent],
      ["/commissions/reconciliation?period=%00", () => agent],
      [`/commissions/reconciliation?period=${long}`, () => agent],
      // Issue 25 §2: downline readiness checks its filters and its confirmation itself.
      ["/downlines/readiness?step=evil&agencyId=%00&carrierId=abc&page=0&perPage=1000", () => agency],
      ["/downlines/readiness?agencyId=999999&carrierId=999999&step=license&step=ahip", () => agency],
      ["/downlines/readiness?remind=all&remind=1&order=sideways", () => agency],
      ["/register_downlines?perPage=7&page=0", () => agency],
      ["/my_tickets?sort=evil&order=sideways", () => agent],
      ["/commission_inquiry?page=-1", () => agent],
      ["/carrier/tickets?perPage=1000", () => carrier],
      ["/downlines?status=Nope", () => agency],
      ["/learning_center/agent_resources?page=abc&sort=evil", () => agent],
      [`/learning_center/documentation_resources?carrierId=${long}`, () => agency],
      ["/learning_center/enrollment_resources?perPage=1000&productId=%00&order=sideways", () => agent],
      ["/feedback/list?sort=evil&page=0", () => agent],
      ["/feedback/show?perPage=1000", () => agent],
      ["/feedback/conversation?order=sideways", () => agency],
      // The admin area's lists (issue 14).
      ["/admin/users?page=abc&roleId=x&status=Nope", () => admin],
      [`/admin/users?agencyId=${long}&sort=evil`, () => admin],
      ["/admin/roles?kind=Wizard&perPage=1000", () => admin],
      ["/admin/rts_statuses?carrierId=%00&order=sideways", () => admin],
      ["/admin/contracting?state=lost&age=100-200&page=0", () => admin],
      ["/admin/brokers/5/contracts?state=lost&sort=evil", () => admin],
      ["/admin/policy_production?from=2025-13&to=x&agencyId=abc&sort=evil", () => admin],
    ];
    for (const [path, cookie] of cases) {
      const answer = await send(path, { cookie: cookie() });
      expect(answer.status, path.slice(0, 80)).toBe(200);
      expect(answer.body, path.slice(0, 80)).toContain(NOTE);
      expectSmallAndQuick(answer, path.slice(0, 80));
    }
  });

  it("the list's links and forms do not carry an ignored value on (a 4,000-character one is in the answer twice at most)", async () => {
    const answer = await send(`/book_of_business?status=${long}&sort=evil`, { cookie: agency });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(NOTE);
    const carrying = [...answer.body.matchAll(/href="([^"]*sort=evil[^"]*)"/g)].map((m) => m[1]);
    // Only the menu toggle (the address as it is, plus menu=; &amp; in the markup) keeps it; no sort or page link does.
    expect(carrying.filter((href) => !/(?:[?;])menu=/.test(href ?? ""))).toEqual([]);
    // The menu toggle and the export form (it exports what the page shows) keep the address as it is.
    expect(answer.body.split(long).length - 1).toBeLessThanOrEqual(2);
  });

  it("a search with %00, bad percent-encoding or 4,000 characters is a page without a note", async () => {
    for (const path of [
      "/book_of_business?search=%00",
      "/book_of_business?search=%E0%A4%A",
      "/book_of_business?search=%",
      `/book_of_business?search=${long}`,
      "/learning_center/agent_resources?search=%00",
      `/learning_center/agent_resources?search=${long}`,
      `/learning_center?search=${long}`,
      "/learning_center?search=%E0%A4%A",
    ]) {
      const answer = await send(path, { cookie: agency });
      expect(answer.status, path.slice(0, 80)).toBe(200);
      expect(answer.body).not.toContain(NOTE);
      expectSmallAndQuick(answer);
    }
  });
});

describe("a pre-filled Commission Inquiry (issue 25 §3)", () => {
  it("malformed, repeated or unknown values are left out: the empty form, never an error", async () => {
    for (const query of [
      "carrierId=abc&policy=%00&period=2026-13&difference=1e999",
      "carrierId=999999&policy=%3Cscript%3E&period=abc&difference=--5",
      `carrierId=1&carrierId=2&policy=${"x".repeat(200)}&period=${"9".repeat(200)}&difference=${"1".repeat(200)}`,
      "carrierId=%E0%A4%A&policy=%&difference=99999999999999999999",
    ]) {
      const path = `/commission_inquiry?new&${query}`;
      const answer = await send(path, { cookie: agent });
      expect(answer.status, path.slice(0, 80)).toBe(200);
      expect(answer.body, path.slice(0, 80)).toContain("New commission inquiry");
      expect(answer.body).not.toContain("<script>");
      expect(answer.body).not.toContain("Commission for policy");
      expectSmallAndQuick(answer, path.slice(0, 80));
    }
  });

  it("downline readiness: a confirmation the URL cannot name is no confirmation; its CSV leaves bad filters out", async () => {
    for (const path of [
      `/downlines/readiness?search=${long}&remind=${long}`,
      "/downlines/readiness?remind=all",
      "/downlines/readiness?remind=%00&remind=-1",
    ]) {
      const answer = await send(path, { cookie: agency });
      expect(answer.status, path.slice(0, 80)).toBe(200);
      expect(answer.body, path.slice(0, 80)).not.toContain(`role="alertdialog"`);
      expectSmallAndQuick(answer, path.slice(0, 80));
    }
    const csv = await send(`/downlines/readiness/export?step=evil&agencyId=${long}&carrierId=%00`, { cookie: agency });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.body.split("\r\n")[0]).toMatch(/^Agent,Role,NPN,Agency,/);
    expectSmallAndQuick(csv);
  });

  it("downline readiness is an agency's: an agent, an administrator and a carrier are refused", async () => {
    for (const cookie of [agent, admin, carrier]) {
      for (const path of ["/downlines/readiness?step=evil", "/downlines/readiness/export"]) {
        const answer = await send(path, { cookie });
        expect(answer.status, path).toBe(403);
        expectSmallAndQuick(answer);
      }
    }
  });

  it("the reconciliation is an agent's or agency's: an administrator and a carrier are refused", async () => {
    for (const cookie of [admin, carrier]) {
      const answer = await send("/commissions/reconciliation?period=abc", { cookie });
      expect(answer.status).toBe(403);
      expectSmallAndQuick(answer);
    }
  });
});

describe("filters only the upstream can judge", () => {
  it("a product, carrier or period it does not know is a 400 inside the layout with a link without filters", async () => {
    const cases: Array<[string, string]> = [
      ["/book_of_business?productId=999999", "/book_of_business"],
      ["/book_of_business?carrierId=999999&page=2", "/book_of_business"],
      ["/commissions?period=2019-01", "/commissions"],
      ["/commissions/reconciliation?period=2019-01", "/commissions/reconciliation"],
      ["/learning_center/agent_resources?carrierId=999999", "/learning_center/agent_resources"],
      ["/learning_center/enrollment_resources?productId=4&page=2", "/learning_center/enrollment_resources"],
    ];
    for (const [path, reset] of cases) {
      const answer = await send(path, { cookie: agency });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toContain(FILTERS_REFUSED_TITLE);
      expect(answer.body, path).toMatch(new RegExp(`href="${reset}"[^>]*>${RESET_FILTERS}<`));
      // Inside the layout: the menu is there.
      expect(answer.body, path).toContain("Book of Business");
      expectSmallAndQuick(answer);
    }
  });
});

describe("the admin area's lists (issue 14)", () => {
  it("a role, agency or carrier the upstream does not know is a 400 inside the admin frame", async () => {
    const cases: Array<[string, string]> = [
      ["/admin/users?roleId=999999", "/admin/users"],
      ["/admin/users?agencyId=999999&page=2", "/admin/users"],
      ["/admin/contracting?carrierId=999999", "/admin/contracting"],
      // Not an agency (agent@), and a range backwards: the upstream's 422.
      ["/admin/policy_production?agencyId=1", "/admin/policy_production"],
      ["/admin/policy_production?from=2025-06&to=2025-01", "/admin/policy_production"],
      ["/admin/carrier_exports?carrier=999999", "/admin/carrier_exports"],
    ];
    for (const [path, reset] of cases) {
      const answer = await send(path, { cookie: admin });
      // The upstream may list no match instead of refusing (an id it does not know is simply no match).
      expect([200, 400], path).toContain(answer.status);
      if (answer.status === 400) {
        expect(answer.body, path).toContain(FILTERS_REFUSED_TITLE);
        expect(answer.body, path).toMatch(new RegExp(`href="${reset}"[^>]*>${RESET_FILTERS}<`));
        expect(answer.body, path).toContain("Admin sections");
      }
      expectSmallAndQuick(answer);
    }
  });

  it("records and sections the URL names badly are the 404 page; a non-admin is refused", async () => {
    for (const path of [
      "/admin/no_such_section",
      "/admin/users/abc/edit",
      "/admin/users/999999",
      `/admin/roles/${"9".repeat(40)}`,
      "/admin/roles/999999",
      "/admin/brokers/9",
      "/admin/brokers/%00",
      "/admin/contracting/edit/-1",
      "/admin/brokers/5/documents/passport/file",
      // A report has no record pages.
      "/admin/policy_production/5",
      "/admin/policy_production/new",
      "/admin/payout_entries/abc",
      "/admin/payout_entries/999999",
      "/admin/commission_totals/1-2025-13",
      "/admin/commission_totals/abc",
      "/admin/carrier_exports/abc",
      "/admin/carrier_exports/999999",
      "/admin/carrier_exports/999999/file",
      "/admin/carrier_exports/abc/file",
      // Issue 24 §3–4.
      "/admin/carrier_enrollments/abc",
      "/admin/carrier_enrollments/999999",
      "/admin/carrier_enrollments/999999/payload",
      "/admin/carrier_enrollments/modal/json_viewer",
      "/admin/carrier_enrollments/modal/json_viewer?id=abc",
      "/admin/carrier_enrollments/modal/json_viewer?id=999999",
      "/admin/carrier_notifications/999999",
      // Issue 24: an alert id that is not one; the history is a report; the settings are one page.
      "/admin/nipr_pdb_alerts/abc",
      "/admin/nipr_pdb_alerts/999999",
      "/admin/nipr_history/1",
      "/admin/nipr_license_config/1",
      "/admin/nipr_license_config/export",
    ]) {
      const answer = await send(path, { cookie: admin });
      expect(answer.status, path.slice(0, 80)).toBe(404);
      expectSmallAndQuick(answer, path.slice(0, 80));
    }
    for (const path of [
      "/admin/users",
      "/admin/users/export",
      "/admin/contracting/edit",
      "/admin/policy_production",
      "/admin/policy_production?agencyId=5",
      "/admin/policy_production/export",
      "/admin/payout_entries",
      "/admin/payout_entries/new",
      "/admin/payout_entries/1",
      "/admin/payout_entries/export",
      "/admin/commission_totals",
      "/admin/commission_totals/export",
      "/admin/commission_totals/1-2025-03",
      "/admin/commission_statements",
      "/admin/commission_statements/export",
      "/admin/commission_statements/1",
      "/admin/commission_statements/import",
      "/admin/commission_statements/imports/1",
      "/admin/carrier_exports",
      "/admin/carrier_exports/new",
      "/admin/carrier_exports/schedules",
      "/admin/carrier_exports/1",
      "/admin/carrier_exports/1/file",
      "/admin/carrier_exports/export",
      "/admin/carrier_enrollments",
      "/admin/carrier_enrollments/1",
      "/admin/carrier_enrollments/1/payload",
      "/admin/carrier_enrollments/modal/json_viewer?id=1",
      "/admin/carrier_notifications",
      "/admin/carrier_notifications/1",
      "/admin/nipr_pdb_alerts",
      "/admin/nipr_pdb_alerts/1",
      "/admin/nipr_pdb_alerts/export",
      "/admin/nipr_history",
      "/admin/nipr_history/export",
      "/admin/nipr_license_config",
      // Issue 24 §1.
      "/admin/carrier_imports",
      "/admin/carrier_imports/export",
      "/admin/carrier_imports/upload",
      "/admin/carrier_imports/1",
      // Issue 24 §5.
      "/admin/sunfire_imports",
      "/admin/sunfire_imports/export",
      "/admin/sunfire_imports/new",
      "/admin/sunfire_imports/1",
      "/admin/sunfire_imports/1/rows/4",
    ]) {
      expect((await send(path, { cookie: agency })).status, path).toBe(403);
    }
  });
});

describe("route errors below 500 stay what they are", () => {
  it("no route is a 404, a method a page does not take a 405, with a bad path encoding too", async () => {
    expect((await send("/no_such_page", { cookie: agency })).status).toBe(404);
    expect((await send("/dashboard", { method: "PUT", cookie: agency })).status).toBe(405);
    // The Learning Center's pages and downloads take no posts; a resource, attachment or carrier product the
    // URL names badly is a 404.
    expect((await send("/learning_center/agent_resources", { method: "POST", cookie: agency })).status).toBe(405);
    for (const path of [
      `/learning_center/agent_resources/${"9".repeat(40)}`,
      "/learning_center/agent_resources/%00",
      `/learning_center/agent_resources/1/attachments/${long}`,
      "/learning_center/carrier_resources/-1",
    ]) {
      const answer = await send(path, { cookie: agency });
      expect(answer.status, path.slice(0, 80)).toBe(404);
      expectSmallAndQuick(answer, path.slice(0, 80));
    }
    const badPath = await send("/book_of_business%E0%A4%A", { cookie: agency });
    expect(badPath.status).toBeGreaterThanOrEqual(400);
    expect(badPath.status).toBeLessThan(500);
  });
});
