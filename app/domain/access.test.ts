import { describe, expect, it } from "vitest";
import {
  type Viewer,
  can,
  canOpen,
  featureOfPath,
  isBetaTester,
  normalisePath,
  refusedBySignInRole,
} from "~/domain/access";
import type { SessionUser } from "~/domain/user";
import { userFor } from "../../tests/support/users";

const BETA = "beta@demo.test";

function viewerFor(overrides: Partial<SessionUser> = {}): Viewer {
  return { user: userFor(overrides), betaTesterEmail: BETA };
}

const agent = viewerFor({ role: "Agent", existingActiveContracts: true, sunfireAccess: true });
const agency = viewerFor({ role: "Agency", existingActiveContracts: true, sunfireAccess: true });
const admin = viewerFor({ role: "Admin" });
const carrier = viewerFor({ role: "Carrier" });
const loa = viewerFor({ role: "Agent", existingActiveContracts: true, loa: true });
const locked = viewerFor({ role: "Agent", roleHasOnboardingProcess: true, onboardingPresent: true });

/** A path in every area of spec §2 that a signed-in user may reach. */
const ALL_AREAS = [
  "/dashboard",
  "/home",
  "/book_of_business",
  "/commissions",
  "/commission_inquiry",
  "/carrier/tickets",
  "/downlines",
  "/register_downlines",
  "/register_downlines/new",
  "/onboarding",
  "/onboarding/personal",
  "/onboarding_complete",
  "/contracts",
  "/contracts_pending",
  "/contract_now",
  "/learning_center",
  "/learning_center/agent_resources/3",
  "/enrollments",
  "/quote_tool",
  "/submitted_enrollments",
  "/profile",
  "/basic_profile",
  "/my_tickets",
  "/contact_support",
  "/feedback/list",
  "/feedback/12",
  "/admin",
  "/admin/users",
  "/account/logout",
];

describe("spec §2 admin area: /admin and its children are for admins", () => {
  const adminPaths = [
    "/admin",
    "/admin/",
    "/admin/users",
    "/admin/users/5/edit",
    "/admin/brokers/7/contracts/new",
    "/admin/contracting/edit",
  ];

  it.each(adminPaths)("admin may open %s", (path) => {
    expect(canOpen(admin, path)).toBe(true);
  });

  it.each(adminPaths)("non-admins are refused %s", (path) => {
    for (const viewer of [agent, agency, carrier, loa, locked]) {
      expect(canOpen(viewer, path), viewer.user.role).toBe(false);
    }
  });

  it.each(adminPaths)("an administrator signed in as another user (even an administrator) is refused %s", (path) => {
    expect(canOpen(viewerFor({ role: "Admin", returnToUserId: 9 }), path)).toBe(false);
  });

  it.each(adminPaths)(
    "issue 35: the sign-in role alone refuses %s to the same users, before any page code runs",
    (path) => {
      const roles = ["Agent", "Agency", "Carrier", undefined];
      for (const role of roles) expect(refusedBySignInRole({ role, impersonating: false }, path), role).toBe(true);
      expect(refusedBySignInRole({ role: "Admin", impersonating: true }, path)).toBe(true);
      expect(refusedBySignInRole({ role: "Admin", impersonating: false }, path)).toBe(false);
      // The rule reads the path as canOpen does: /ADMIN and /%61dmin are the admin area too.
      expect(refusedBySignInRole({ role: "Agent", impersonating: false }, path.replace("admin", "%61DMIN"))).toBe(true);
    },
  );

  it("issue 35: outside the admin area the sign-in role refuses nothing (the viewer's state decides there)", () => {
    for (const path of ALL_AREAS.filter((p) => !p.startsWith("/admin")))
      for (const role of ["Agent", "Agency", "Carrier", "Admin"])
        expect(refusedBySignInRole({ role, impersonating: true }, path), `${role} ${path}`).toBe(false);
  });

  it("/admin/** maps to the admin feature", () => {
    expect(featureOfPath("/admin/users/5/edit")).toBe("admin");
    expect(can(admin, "admin")).toBe(true);
    expect(can(agent, "admin")).toBe(false);
  });
});

describe("spec §6: carriers see only tickets and profile", () => {
  const allowed = ["/carrier/tickets", "/basic_profile", "/account/logout"];

  it.each(allowed)("a carrier may open %s", (path) => {
    expect(canOpen(carrier, path)).toBe(true);
  });

  it("a carrier is refused every other area", () => {
    for (const path of ALL_AREAS.filter((p) => !allowed.includes(p))) {
      expect(canOpen(carrier, path), path).toBe(false);
    }
  });

  it("a carrier is refused everything else even with broker flags set", () => {
    const flagged = viewerFor({ role: "Carrier", existingActiveContracts: true, sunfireAccess: true, email: BETA });
    for (const path of [
      "/dashboard",
      "/enrollments",
      "/quote_tool",
      "/submitted_enrollments",
      "/contracts",
      "/downlines",
    ]) {
      expect(canOpen(flagged, path), path).toBe(false);
    }
  });
});

describe("spec §6: the LOA flag hides Commissions, Commission Inquiry and My Tickets", () => {
  it.each(["/commissions", "/commission_inquiry", "/my_tickets"])("an LOA user is refused %s", (path) => {
    expect(canOpen(loa, path)).toBe(false);
    expect(canOpen(viewerFor({ role: "Agency", loa: true }), path)).toBe(false);
  });

  it.each(["/commissions", "/commission_inquiry", "/my_tickets"])("a non-LOA agent may open %s", (path) => {
    expect(canOpen(agent, path)).toBe(true);
  });

  it("an LOA user keeps the rest of the normal state", () => {
    for (const path of [
      "/dashboard",
      "/book_of_business",
      "/contracts",
      "/learning_center",
      "/profile",
      "/contact_support",
    ]) {
      expect(canOpen(loa, path), path).toBe(true);
    }
  });
});

describe("spec §2: contracting required and onboarding incomplete locks the portal to Contracting, Profile, Contact Support and Logout", () => {
  it.each([
    "/dashboard",
    "/home",
    "/book_of_business",
    "/contracts",
    "/contracts_pending",
    "/contract_now",
    "/learning_center",
    "/enrollments",
    "/commissions",
    "/my_tickets",
    "/downlines",
  ])("refuses %s", (path) => {
    expect(canOpen(locked, path)).toBe(false);
  });

  it.each([
    "/onboarding",
    "/onboarding/personal",
    "/onboarding_complete",
    "/profile",
    "/basic_profile",
    "/contact_support",
    "/account/logout",
  ])("allows %s", (path) => {
    expect(canOpen(locked, path)).toBe(true);
  });

  it("an agency in the locked state is refused downlines too", () => {
    const lockedAgency = viewerFor({ role: "Agency", roleHasOnboardingProcess: true, onboardingPresent: true });
    expect(canOpen(lockedAgency, "/downlines")).toBe(false);
    expect(canOpen(lockedAgency, "/register_downlines")).toBe(false);
    expect(canOpen(lockedAgency, "/onboarding")).toBe(true);
  });

  it("not locked when skipOnboardingWithContracts and existingActiveContracts", () => {
    const skipping = viewerFor({
      role: "Agent",
      roleHasOnboardingProcess: true,
      onboardingPresent: true,
      skipOnboardingWithContracts: true,
      existingActiveContracts: true,
    });
    expect(canOpen(skipping, "/dashboard")).toBe(true);
  });

  it("contracting complete: Home, My Contracts (contracts_pending), Learning Center and Profile open", () => {
    const complete = viewerFor({
      role: "Agency",
      roleHasOnboardingProcess: true,
      onboardingPresent: true,
      onboardingComplete: true,
    });
    for (const path of ["/home", "/contracts_pending", "/register_downlines", "/learning_center", "/profile"]) {
      expect(canOpen(complete, path), path).toBe(true);
    }
  });
});

describe("spec §6: only an agency sees Downlines and Register Downlines (admin sees everything except contracting)", () => {
  const paths = ["/downlines", "/register_downlines", "/register_downlines/new"];

  it.each(paths)("Agency may open %s", (path) => {
    expect(canOpen(agency, path)).toBe(true);
  });

  it("Admin may open /downlines (spec §2 admin menu)", () => {
    expect(canOpen(admin, "/downlines")).toBe(true);
  });

  // Spec §2's admin menu lists Downlines but not Register Downlines; invitations are an agency's own
  // (the upstream answers them for agencies only), so the admin gets a deliberate 403, not a 502.
  it.each(["/register_downlines", "/register_downlines/new"])(
    "Admin is refused %s (spec §2 admin menu: no Register Downlines)",
    (path) => {
      expect(canOpen(admin, path)).toBe(false);
    },
  );

  it.each(paths)("Agent and Carrier are refused %s", (path) => {
    expect(canOpen(agent, path)).toBe(false);
    expect(canOpen(carrier, path)).toBe(false);
  });
});

describe("spec §6: admin sees everything except contracting", () => {
  it.each([
    "/onboarding",
    "/onboarding/personal",
    "/onboarding_complete",
    "/contracts",
    "/contracts_pending",
    "/contract_now",
  ])("admin is refused %s", (path) => {
    expect(canOpen(admin, path)).toBe(false);
  });

  it("admin may open every non-contracting area of the menu", () => {
    for (const path of [
      "/book_of_business",
      "/commissions",
      "/commission_inquiry",
      "/downlines",
      "/learning_center",
      "/enrollments",
      "/quote_tool",
      "/submitted_enrollments",
      "/admin",
      "/basic_profile",
      "/account/logout",
    ]) {
      expect(canOpen(admin, path), path).toBe(true);
    }
  });

  it("admin stays out of contracting even with onboarding flags set", () => {
    const flagged = viewerFor({ role: "Admin", roleHasOnboardingProcess: true, onboardingPresent: true });
    expect(canOpen(flagged, "/onboarding")).toBe(false);
    expect(canOpen(flagged, "/admin")).toBe(true);
  });
});

describe("spec §6: Quote & Enroll is hidden for agents with no active contracts; quote tool with sunfireAccess; Submitted Enrollments for sunfireAccess or beta testers", () => {
  it("no active contracts: /enrollments, /quote_tool, /submitted_enrollments refused", () => {
    const none = viewerFor({ role: "Agent", sunfireAccess: true, email: BETA });
    for (const path of ["/enrollments", "/quote_tool", "/submitted_enrollments"]) {
      expect(canOpen(none, path), path).toBe(false);
    }
  });

  it("active contracts without sunfireAccess: enrollments yes, quote tool and submitted enrollments no", () => {
    const plain = viewerFor({ role: "Agent", existingActiveContracts: true });
    expect(canOpen(plain, "/enrollments")).toBe(true);
    expect(canOpen(plain, "/quote_tool")).toBe(false);
    expect(canOpen(plain, "/submitted_enrollments")).toBe(false);
  });

  it("the beta tester (case-insensitive e-mail) gets Submitted Enrollments", () => {
    const beta = viewerFor({ role: "Agency", existingActiveContracts: true, email: "BETA@demo.test" });
    expect(isBetaTester(beta)).toBe(true);
    expect(canOpen(beta, "/submitted_enrollments")).toBe(true);
    expect(canOpen(beta, "/quote_tool")).toBe(false);
  });
});

describe("areas are matched by whole path segments", () => {
  it("/contracts_pending is its own area, not '/contracts' plus junk", () => {
    expect(featureOfPath("/contracts_pending")).toBe("contracts");
    expect(featureOfPath("/contractsXYZ")).toBeNull();
    expect(featureOfPath("/contracts/12")).toBe("contracts");
  });

  it("/administrator is not /admin", () => {
    expect(featureOfPath("/administrator")).toBeNull();
    expect(featureOfPath("/admin-tools")).toBeNull();
    expect(canOpen(agent, "/administrator")).toBe(true); // unknown: left to the 404 page
  });

  it("/onboarding_complete maps to onboarding", () => {
    expect(featureOfPath("/onboarding_complete")).toBe("onboarding");
  });

  it("/homework is not /home, /profiles is not /profile", () => {
    expect(featureOfPath("/homework")).toBeNull();
    expect(featureOfPath("/profiles")).toBeNull();
  });

  it("maps each spec area to its feature", () => {
    expect(featureOfPath("/commission_inquiry")).toBe("commissionInquiry");
    expect(featureOfPath("/commissions")).toBe("commissions");
    expect(featureOfPath("/carrier/tickets")).toBe("carrierTickets");
    expect(featureOfPath("/register_downlines/new")).toBe("registerDownlines");
    expect(featureOfPath("/downlines")).toBe("downlines");
    expect(featureOfPath("/learning_center/carrier_resources/4")).toBe("learningCenter");
    expect(featureOfPath("/basic_profile")).toBe("basicProfile");
    expect(featureOfPath("/feedback/conversation")).toBe("feedback");
    expect(featureOfPath("/account/logout")).toBe("logout");
  });

  it("a trailing slash is handled", () => {
    expect(featureOfPath("/admin/")).toBe("admin");
    expect(featureOfPath("/commissions/")).toBe("commissions");
    expect(featureOfPath("/contracts_pending/")).toBe("contracts");
    expect(canOpen(loa, "/commissions/")).toBe(false);
    expect(canOpen(agent, "/admin/")).toBe(false);
  });
});

describe("unknown paths are allowed (left to the 404 page)", () => {
  it.each(["/nope", "/does/not/exist", "/"])("%s", (path) => {
    expect(featureOfPath(path)).toBeNull();
    expect(canOpen(carrier, path)).toBe(true);
    expect(canOpen(locked, path)).toBe(true);
  });
});

describe("spec §2 public routes (no sign-in) lie outside every signed-in area", () => {
  it.each([
    "/",
    "/registration",
    "/registration/abc123",
    "/account/activate/42",
    "/account/update_password/42",
    "/account/verify/tok-1",
  ])("%s belongs to no signed-in area", (path) => {
    expect(featureOfPath(path)).toBeNull();
  });

  it.each(["/dashboard", "/admin", "/profile", "/account/logout"])("%s is a signed-in area", (path) => {
    expect(featureOfPath(path)).not.toBeNull();
  });
});

describe("the rule reads the path as the router matches it (no bypass by case, escapes or slashes)", () => {
  const agent = { user: userFor({ role: "Agent" }), betaTesterEmail: BETA };
  const carrier = { user: userFor({ role: "Carrier" }), betaTesterEmail: BETA };
  it.each(["/ADMIN", "/Admin/Users", "/%61dmin", "/%2Fadmin", "//admin", "/admin/", "/admin//users"])(
    "an agent is refused %s",
    (path) => {
      expect(canOpen(agent, path)).toBe(false);
    },
  );
  it.each(["/DashBoard", "/%64ashboard", "/Home"])("a carrier is refused %s", (path) => {
    expect(canOpen(carrier, path)).toBe(false);
  });
  it("a malformed escape does not throw", () => {
    expect(normalisePath("/admin%E0%A4%A")).toBe("/admin%e0%a4%a");
    expect(canOpen(agent, "/admin%E0%A4%A")).toBe(true); // not the /admin area: the 404 page answers
  });
});

describe("the contracting steps (/onboarding) open only for a user with an onboarding", () => {
  it("refuses an agent whose role has no onboarding process and who has none", () => {
    const viewer = { user: userFor({ role: "Agent", existingActiveContracts: true }), betaTesterEmail: BETA };
    expect(canOpen(viewer, "/onboarding")).toBe(false);
    expect(canOpen(viewer, "/onboarding_complete")).toBe(false);
    expect(canOpen(viewer, "/contracts")).toBe(true);
  });
  it("allows it when the role has an onboarding process or an onboarding is present", () => {
    for (const flags of [{ roleHasOnboardingProcess: true }, { onboardingPresent: true }]) {
      const viewer = { user: userFor({ role: "Agency", ...flags }), betaTesterEmail: BETA };
      expect(canOpen(viewer, "/onboarding/personal")).toBe(true);
    }
  });
});

describe("issue 25 §3: expected against received is an agent's or an agency's", () => {
  it("agents and agencies open it; LOA users, administrators, carriers and locked users are refused", () => {
    const path = "/commissions/reconciliation";
    expect(featureOfPath(path)).toBe("commissionReconciliation");
    expect(featureOfPath("/Commissions/Reconciliation/")).toBe("commissionReconciliation");
    expect(canOpen(agent, path)).toBe(true);
    expect(canOpen(agency, path)).toBe(true);
    for (const refused of [loa, admin, carrier, locked]) expect(canOpen(refused, path)).toBe(false);
    // The Commissions page itself stays the admin's.
    expect(canOpen(admin, "/commissions")).toBe(true);
  });
});

describe("issue 25 §2: downline readiness is an agency's own", () => {
  it("agencies open it and its CSV; agents, administrators, carriers and locked users are refused", () => {
    for (const path of ["/downlines/readiness", "/downlines/readiness/export", "/Downlines/Readiness/"]) {
      expect(featureOfPath(path)).toBe("downlineReadiness");
      expect(canOpen(agency, path)).toBe(true);
      for (const refused of [agent, loa, admin, carrier, locked]) expect(canOpen(refused, path)).toBe(false);
    }
    // Downlines itself stays the admin's too (spec §2's admin menu).
    expect(canOpen(admin, "/downlines")).toBe(true);
  });
});
