import { describe, expect, it } from "vitest";
import type { Viewer } from "~/domain/access";
import {
  SUBMITTED_ENROLLMENTS_LIST,
  enrollmentHub,
  quoteSiteOf,
  quoteToolHref,
  quoteToolOrigins,
  quoteUrlAllowed,
  showsWritingAgent,
  submittedOn,
} from "~/domain/enrollments";
import { listQueryFrom } from "~/domain/list-query";
import type { SessionUser } from "~/domain/user";
import { userFor } from "../../tests/support/users";

const BETA = "beta@demo.test";
const viewerFor = (overrides: Partial<SessionUser> = {}): Viewer => ({
  user: userFor(overrides),
  betaTesterEmail: BETA,
});

const agent = viewerFor({ role: "Agent", existingActiveContracts: true, sunfireAccess: true });
const agency = viewerFor({ role: "Agency", existingActiveContracts: true, sunfireAccess: true });
const beta = viewerFor({ role: "Agency", existingActiveContracts: true, email: BETA });
const plain = viewerFor({ role: "Agent", existingActiveContracts: true });
const noContracts = viewerFor({ role: "Agent", sunfireAccess: true });
const admin = viewerFor({ role: "Admin" });

describe("spec §2/§6/§7: the quote tool's site (GET /partners/sunfire, opened in a new window)", () => {
  it("a sunfireAccess user with active contracts gets the provider; ?site=test is the admin's only", () => {
    expect(quoteSiteOf(agent, null)).toBe("production");
    expect(quoteSiteOf(agency, "anything")).toBe("production");
    expect(quoteSiteOf(agent, "test")).toBe("refused");
  });

  it("the admin's external test-site link opens the test site; the admin may open the provider too", () => {
    expect(quoteSiteOf(admin, "test")).toBe("test");
    expect(quoteSiteOf(admin, null)).toBe("production");
  });

  it("no quote link, no quote tool: the beta tester without sunfireAccess, no active contracts, no sunfireAccess", () => {
    for (const viewer of [beta, noContracts, plain]) {
      expect(quoteSiteOf(viewer, null)).toBe("refused");
      expect(quoteSiteOf(viewer, "test")).toBe("refused");
    }
  });

  it("each site has its URL", () => {
    expect(quoteToolHref("production")).toBe("/quote_tool");
    expect(quoteToolHref("test")).toBe("/quote_tool?site=test");
  });
});

describe("the enrollment hub offers only what the viewer may use", () => {
  it("sunfireAccess: a quote button and the latest submitted enrollments", () => {
    expect(enrollmentHub(agent)).toEqual({ quoteSite: "production", showsSubmitted: true });
  });

  it("the beta tester (spec §6 'gets Submitted Enrollments') has no quote button", () => {
    expect(enrollmentHub(beta)).toEqual({ quoteSite: null, showsSubmitted: true });
  });

  it("active contracts without sunfireAccess: neither", () => {
    expect(enrollmentHub(plain)).toEqual({ quoteSite: null, showsSubmitted: false });
  });

  it("the admin's button opens the test site, as its menu does", () => {
    expect(enrollmentHub(admin)).toEqual({ quoteSite: "test", showsSubmitted: true });
  });
});

describe("submitted enrollments list", () => {
  it("an agency (its downline's too) and an admin see the writing agent; an agent's list is their own", () => {
    expect(showsWritingAgent(agency)).toBe(true);
    expect(showsWritingAgent(admin)).toBe(true);
    expect(showsWritingAgent(agent)).toBe(false);
  });

  it("the submission day is the timestamp's own date, MM/DD/YYYY (spec §9), the same on server and browser", () => {
    expect(submittedOn("2026-11-24T23:30:00.000Z")).toBe("11/24/2026");
    expect(submittedOn("garbage")).toBe("—");
  });

  it("the URL's status and carrier are checked before the upstream is asked (ADR 020)", () => {
    const ok = listQueryFrom(
      new URLSearchParams("status=Pending carrier review&carrierId=2&sort=submittedAt&order=desc"),
      SUBMITTED_ENROLLMENTS_LIST,
    );
    expect(ok.ignored).toEqual([]);
    expect(ok.params.toString()).toBe("sort=submittedAt&order=DESC&status=Pending+carrier+review&carrierId=2");
    const bad = listQueryFrom(new URLSearchParams("status=Approved&carrierId=x&sort=evil"), SUBMITTED_ENROLLMENTS_LIST);
    expect(bad.ignored).toEqual(["sort", "status", "carrierId"]);
    expect(bad.params.toString()).toBe("");
  });
});

describe("the quote provider's address: CSP form-action and the URL check", () => {
  it("defaults to the upstream's origin (the reference API serves the demo provider)", () => {
    expect(quoteToolOrigins(undefined, "http://127.0.0.1:4010/")).toEqual(["http://127.0.0.1:4010"]);
    expect(quoteToolOrigins([], "https://api.example.com/v1")).toEqual(["https://api.example.com"]);
  });

  it("configured origins replace it; paths dropped, duplicates and non-http entries left out", () => {
    expect(
      quoteToolOrigins(
        ["https://quotes.example.com/sso", "https://quotes.example.com", "javascript:alert(1)", "not a url"],
        "http://api",
      ),
    ).toEqual(["https://quotes.example.com"]);
  });

  it("opens only http(s) URLs on an allowed origin, without credentials", () => {
    const origins = ["https://quotes.example.com", "http://127.0.0.1:4010"];
    expect(quoteUrlAllowed("https://quotes.example.com/sso?token=abc", origins)).toBe(true);
    expect(quoteUrlAllowed("http://127.0.0.1:4010/partners/sunfire/sign_on?token=x", origins)).toBe(true);
    expect(quoteUrlAllowed("https://evil.example.com/sso", origins)).toBe(false);
    expect(quoteUrlAllowed("https://quotes.example.com:8443/sso", origins)).toBe(false);
    expect(quoteUrlAllowed("javascript:alert(1)", origins)).toBe(false);
    expect(quoteUrlAllowed("https://user:pw@quotes.example.com/", origins)).toBe(false);
    expect(quoteUrlAllowed("/relative", origins)).toBe(false);
  });
});
