import { describe, expect, it } from "vitest";
import { canOpen, featureOfPath } from "~/domain/access";
import {
  CONTRACT_NOW_HREF,
  type MenuItem,
  type MenuState,
  QUOTE_TEST_SITE_HREF,
  QUOTE_TEST_SITE_NAME,
  QUOTE_TOOL_NAME,
  logoutAsLabel,
  menuFor,
  menuHrefs,
} from "~/domain/menu";
import type { SessionUser } from "~/domain/user";
import { userFor } from "../../tests/support/users";

const BETA = "beta@demo.test";

/** A session user with every flag false and every optional value null. */

function stateFor(overrides: Partial<SessionUser> = {}, documentNotificationCount = 0): MenuState {
  return { user: userFor(overrides), betaTesterEmail: BETA, documentNotificationCount };
}

const labels = (items: MenuItem[]) => items.map((entry) => entry.label);
const find = (items: MenuItem[], label: string) => items.find((entry) => entry.label === label);
const quoteChildren = (items: MenuItem[]) => labels(find(items, "Quote & Enroll")?.children ?? []);

/** The contracting entries of spec §2 "Agent, normal state". */
const CONTRACTING_LABELS = ["Contracting", "My Contracts", "Contract Now"];

describe("spec §2 menu — Carrier: Commission Inquiry (carrier-tickets), User Profile (basic_profile), Logout", () => {
  const menu = menuFor(stateFor({ role: "Carrier" }));

  it("is exactly Commission Inquiry, User Profile, Logout", () => {
    expect(labels(menu)).toEqual(["Commission Inquiry", "User Profile", "Logout"]);
  });

  it("Commission Inquiry goes to carrier-tickets, User Profile to basic_profile, Logout to /account/logout", () => {
    expect(menu.map((entry) => entry.to)).toEqual(["/carrier/tickets", "/basic_profile", "/account/logout"]);
    expect(find(menu, "Logout")?.action).toBe("logout");
  });

  it("stays the same whatever the carrier's flags (spec §6: carriers see only tickets and profile)", () => {
    const flagged = menuFor(
      stateFor(
        {
          role: "Carrier",
          loa: true,
          sunfireAccess: true,
          existingActiveContracts: true,
          roleHasOnboardingProcess: true,
          onboardingPresent: true,
          email: BETA,
        },
        3,
      ),
    );
    expect(labels(flagged)).toEqual(["Commission Inquiry", "User Profile", "Logout"]);
  });
});

describe("spec §2 menu — Admin", () => {
  const menu = menuFor(stateFor({ role: "Admin" }));

  it("is Book of Business, Commissions, Commission Inquiry, Downlines; Learning Center; Quote & Enroll; Admin Tools; User Profile; Logout, in that order", () => {
    expect(labels(menu)).toEqual([
      "Book of Business",
      "Commissions",
      "Commission Inquiry",
      "Downlines",
      "Learning Center",
      "Quote & Enroll",
      "Admin Tools",
      "User Profile",
      "Logout",
    ]);
  });

  it("Quote & Enroll holds an external test-site link (new window) and Submitted Enrollments", () => {
    const quote = find(menu, "Quote & Enroll");
    const children = quote?.children ?? [];
    const testSite = children.find((child) => child.to === QUOTE_TEST_SITE_HREF);
    expect(testSite).toBeDefined();
    expect(testSite?.newWindow).toBe(true);
    expect(labels(children)).toContain("Submitted Enrollments");
    expect(children.find((c) => c.label === "Submitted Enrollments")?.to).toBe("/submitted_enrollments");
  });

  it("Admin Tools goes to /admin and User Profile to basic_profile", () => {
    expect(find(menu, "Admin Tools")?.to).toBe("/admin");
    expect(find(menu, "User Profile")?.to).toBe("/basic_profile");
  });

  it("Admin sees no contracting entries (no Contracting, My Contracts, Contract Now)", () => {
    const all = labels(menu.flatMap((entry) => [entry, ...(entry.children ?? [])]));
    for (const label of CONTRACTING_LABELS) expect(all).not.toContain(label);
    const hrefs = menuHrefs(menu);
    for (const href of ["/onboarding", "/contracts", "/contracts_pending", CONTRACT_NOW_HREF]) {
      expect(hrefs).not.toContain(href);
    }
  });

  it("My Tickets is hidden for admins", () => {
    expect(labels(menu)).not.toContain("My Tickets");
    expect(menuHrefs(menu)).not.toContain("/my_tickets");
  });

  it("Admin sees no contracting entries even with onboarding flags set", () => {
    const flagged = menuFor(
      stateFor({ role: "Admin", roleHasOnboardingProcess: true, onboardingPresent: true, loa: true }),
    );
    expect(labels(flagged)).toEqual(labels(menu));
  });
});

describe("spec §2 menu — Agent, normal state", () => {
  const full = stateFor({ role: "Agent", existingActiveContracts: true, sunfireAccess: true });

  it("shows the full list: Book of Business, Commissions, Commission Inquiry; My Contracts, Contract Now; Learning Center; Quote & Enroll; Profile, My Tickets, Contact Support, Logout", () => {
    expect(labels(menuFor(full))).toEqual([
      "Home",
      "Book of Business",
      "Commissions",
      "Commission Inquiry",
      "My Contracts",
      "Contract Now",
      "Learning Center",
      "Quote & Enroll",
      "Profile",
      "My Tickets",
      "Contact Support",
      "Feedback",
      "Logout",
    ]);
  });

  it("Feedback (issue 20) leads to the feedback conversations, for agents and agencies alike, LOA or not", () => {
    for (const overrides of [{ role: "Agent" }, { role: "Agency" }, { role: "Agent", loa: true }] as const) {
      const menu = menuFor(stateFor({ ...overrides, existingActiveContracts: true }));
      expect(find(menu, "Feedback")?.to).toBe("/feedback/list");
      expect(canOpen(stateFor(overrides), "/feedback/list")).toBe(true);
    }
  });

  it("Feedback is not in the locked menu (contracting required and incomplete), nor the carrier's", () => {
    const locked = menuFor(stateFor({ role: "Agent", roleHasOnboardingProcess: true, onboardingPresent: true }));
    expect(labels(locked)).not.toContain("Feedback");
    expect(labels(menuFor(stateFor({ role: "Carrier" })))).not.toContain("Feedback");
  });

  it("the quote tool has one name (issue 20): the agent's menu entry and the admin's test site both say it", () => {
    const agent = menuFor(stateFor({ role: "Agent", existingActiveContracts: true, sunfireAccess: true }));
    const admin = menuFor(stateFor({ role: "Admin" }));
    expect(quoteChildren(agent)).toContain(QUOTE_TOOL_NAME);
    expect(quoteChildren(admin)).toContain(QUOTE_TEST_SITE_NAME);
    expect(QUOTE_TEST_SITE_NAME.startsWith(QUOTE_TOOL_NAME)).toBe(true);
  });

  it("Home leads to the agent's home (issue 11), the dashboard", () => {
    expect(find(menuFor(full), "Home")?.to).toBe("/dashboard");
  });

  it("My Contracts goes to contracts and Contract Now to the contract-now dialog", () => {
    const menu = menuFor(full);
    expect(find(menu, "My Contracts")?.to).toBe("/contracts");
    expect(find(menu, "Contract Now")?.to).toBe(CONTRACT_NOW_HREF);
    expect(find(menu, "Profile")?.to).toBe("/profile");
    expect(find(menu, "My Tickets")?.to).toBe("/my_tickets");
    expect(find(menu, "Contact Support")?.to).toBe("/contact_support");
  });

  it("an agent sees no Downlines nor Register Downlines (spec §6: only an agency)", () => {
    const menu = menuFor(full);
    expect(labels(menu)).not.toContain("Downlines");
    expect(labels(menu)).not.toContain("Register Downlines");
  });

  it("Commissions and Commission Inquiry are hidden for LOA users; My Tickets (not for LOA)", () => {
    const menu = menuFor(stateFor({ role: "Agent", existingActiveContracts: true, loa: true }));
    expect(labels(menu)).not.toContain("Commissions");
    expect(labels(menu)).not.toContain("Commission Inquiry");
    expect(labels(menu)).not.toContain("My Tickets");
    // The rest of the normal state remains.
    expect(labels(menu)).toEqual(
      expect.arrayContaining([
        "Book of Business",
        "My Contracts",
        "Contract Now",
        "Learning Center",
        "Profile",
        "Contact Support",
        "Logout",
      ]),
    );
  });

  it("LOA hides the same entries for an agency", () => {
    const menu = menuFor(stateFor({ role: "Agency", existingActiveContracts: true, loa: true }));
    for (const label of ["Commissions", "Commission Inquiry", "My Tickets"]) expect(labels(menu)).not.toContain(label);
  });

  it("Contracting shows only if onboarding is present and incomplete", () => {
    const cases: Array<[Partial<SessionUser>, boolean]> = [
      [{ onboardingPresent: true, onboardingComplete: false }, true],
      [{ onboardingPresent: true, onboardingComplete: true }, false],
      [{ onboardingPresent: false, onboardingComplete: false }, false],
      [{ onboardingPresent: false, onboardingComplete: true }, false],
    ];
    for (const [flags, shown] of cases) {
      const menu = menuFor(stateFor({ role: "Agent", existingActiveContracts: true, ...flags }));
      expect(labels(menu).includes("Contracting"), JSON.stringify(flags)).toBe(shown);
    }
  });

  it("Contracting sits with My Contracts and Contract Now, before them", () => {
    const menu = labels(menuFor(stateFor({ role: "Agent", onboardingPresent: true })));
    const at = menu.indexOf("Contracting");
    expect(menu.slice(at, at + 3)).toEqual(CONTRACTING_LABELS);
    expect(find(menuFor(stateFor({ role: "Agent", onboardingPresent: true })), "Contracting")?.to).toBe("/onboarding");
  });

  it("Quote & Enroll is hidden for an agent with no active contracts", () => {
    const menu = menuFor(stateFor({ role: "Agent", existingActiveContracts: false, sunfireAccess: true }));
    expect(labels(menu)).not.toContain("Quote & Enroll");
    expect(menuHrefs(menu)).not.toContain("/submitted_enrollments");
    expect(menuHrefs(menu)).not.toContain("/quote_tool");
  });

  it("its quote link shows only with sunfireAccess; Submitted Enrollments likewise", () => {
    const withAccess = menuFor(stateFor({ role: "Agent", existingActiveContracts: true, sunfireAccess: true }));
    const withoutAccess = menuFor(stateFor({ role: "Agent", existingActiveContracts: true, sunfireAccess: false }));

    expect(quoteChildren(withAccess)).toContain("Quote Tool");
    expect(quoteChildren(withAccess)).toContain("Submitted Enrollments");
    const quote = find(withAccess, "Quote & Enroll")?.children?.find((c) => c.label === "Quote Tool");
    expect(quote?.to).toBe("/quote_tool");

    expect(labels(withoutAccess)).toContain("Quote & Enroll");
    expect(quoteChildren(withoutAccess)).not.toContain("Quote Tool");
    expect(quoteChildren(withoutAccess)).not.toContain("Submitted Enrollments");
  });
});

describe("spec §2 menu — Agency: as Agent plus Downlines and Register Downlines", () => {
  it("adds Downlines and Register Downlines to the agent's list", () => {
    const flags = { existingActiveContracts: true, sunfireAccess: true };
    const agent = labels(menuFor(stateFor({ role: "Agent", ...flags })));
    const agency = labels(menuFor(stateFor({ role: "Agency", ...flags })));
    expect(agency.filter((label) => !agent.includes(label)).sort()).toEqual(["Downlines", "Register Downlines"]);
    expect(agency.filter((label) => label !== "Downlines" && label !== "Register Downlines")).toEqual(agent);
  });

  it("Downlines goes to /downlines and Register Downlines to /register_downlines", () => {
    const menu = menuFor(stateFor({ role: "Agency" }));
    expect(find(menu, "Downlines")?.to).toBe("/downlines");
    expect(find(menu, "Register Downlines")?.to).toBe("/register_downlines");
  });

  it("beta testers see Submitted Enrollments (without sunfireAccess)", () => {
    const menu = menuFor(
      stateFor({ role: "Agency", email: BETA, existingActiveContracts: true, sunfireAccess: false }),
    );
    expect(quoteChildren(menu)).toContain("Submitted Enrollments");
    // The quote link still needs sunfireAccess.
    expect(quoteChildren(menu)).not.toContain("Quote Tool");
  });

  it("the beta tester's e-mail is compared case-insensitively", () => {
    const menu = menuFor(
      stateFor({ role: "Agency", email: "Beta@Demo.TEST", existingActiveContracts: true, sunfireAccess: false }),
    );
    expect(quoteChildren(menu)).toContain("Submitted Enrollments");
  });

  it("sunfireAccess users see Submitted Enrollments", () => {
    const menu = menuFor(stateFor({ role: "Agency", existingActiveContracts: true, sunfireAccess: true }));
    expect(quoteChildren(menu)).toContain("Submitted Enrollments");
  });

  it("an agency that is neither beta tester nor sunfireAccess user does not see Submitted Enrollments", () => {
    const menu = menuFor(stateFor({ role: "Agency", existingActiveContracts: true, sunfireAccess: false }));
    expect(labels(menu)).toContain("Quote & Enroll");
    expect(quoteChildren(menu)).not.toContain("Submitted Enrollments");
  });

  it("the beta tester is one specific e-mail address: a look-alike is not one", () => {
    const menu = menuFor(
      stateFor({ role: "Agency", email: "beta@demo.test.evil", existingActiveContracts: true, sunfireAccess: false }),
    );
    expect(quoteChildren(menu)).not.toContain("Submitted Enrollments");
  });
});

describe("spec §2 menu — contracting required and onboarding incomplete: locked to Contracting plus Profile, Contact Support and Logout", () => {
  const locked = { roleHasOnboardingProcess: true, onboardingPresent: true, onboardingComplete: false };

  it.each(["Agent", "Agency"] as const)("%s: exactly Contracting, Profile, Contact Support, Logout", (role) => {
    const menu = menuFor(stateFor({ role, ...locked }));
    expect(labels(menu)).toEqual(["Contracting", "Profile", "Contact Support", "Logout"]);
    expect(menu.map((entry) => entry.to)).toEqual(["/onboarding", "/profile", "/contact_support", "/account/logout"]);
  });

  it("stays locked whatever else the user may have (sunfireAccess, beta tester)", () => {
    const menu = menuFor(stateFor({ role: "Agency", ...locked, sunfireAccess: true, email: BETA }));
    expect(labels(menu)).toEqual(["Contracting", "Profile", "Contact Support", "Logout"]);
  });

  it("contracting required means not (skipOnboardingWithContracts and existingActiveContracts)", () => {
    const skipping = menuFor(
      stateFor({ role: "Agent", ...locked, skipOnboardingWithContracts: true, existingActiveContracts: true }),
    );
    expect(labels(skipping)).toContain("Book of Business");
    expect(labels(skipping)).toContain("Contracting"); // normal state: onboarding present and incomplete

    const skipWithoutContracts = menuFor(stateFor({ role: "Agent", ...locked, skipOnboardingWithContracts: true }));
    expect(labels(skipWithoutContracts)).toEqual(["Contracting", "Profile", "Contact Support", "Logout"]);

    const contractsWithoutSkip = menuFor(stateFor({ role: "Agent", ...locked, existingActiveContracts: true }));
    expect(labels(contractsWithoutSkip)).toEqual(["Contracting", "Profile", "Contact Support", "Logout"]);
  });

  it("without an onboarding process for the role the menu is not locked", () => {
    const menu = menuFor(stateFor({ role: "Agent", onboardingPresent: true, onboardingComplete: false }));
    expect(labels(menu)).toContain("Book of Business");
  });
});

describe("spec §2 menu — contracting required and onboarding complete: Home, My Contracts (contracts_pending), Register Downlines (agency only), Learning Center and Profile", () => {
  const complete = { roleHasOnboardingProcess: true, onboardingPresent: true, onboardingComplete: true };

  it("Agency: Home, My Contracts, Register Downlines, Learning Center, Profile, plus Logout", () => {
    const menu = menuFor(stateFor({ role: "Agency", ...complete, existingActiveContracts: true }));
    expect(labels(menu)).toEqual([
      "Home",
      "My Contracts",
      "Register Downlines",
      "Learning Center",
      "Profile",
      "Logout",
    ]);
    expect(menu.map((entry) => entry.to)).toEqual([
      "/home",
      "/contracts_pending",
      "/register_downlines",
      "/learning_center",
      "/profile",
      "/account/logout",
    ]);
  });

  it("Agent: Register Downlines is for agencies only", () => {
    const menu = menuFor(stateFor({ role: "Agent", ...complete }));
    expect(labels(menu)).toEqual(["Home", "My Contracts", "Learning Center", "Profile", "Logout"]);
  });

  it("My Contracts goes to contracts_pending", () => {
    const menu = menuFor(stateFor({ role: "Agent", ...complete }));
    expect(find(menu, "My Contracts")?.to).toBe("/contracts_pending");
  });
});

describe("spec §2: an alert icon shows when documents need attention", () => {
  it("Profile carries the alert when documentNotificationCount > 0", () => {
    const menu = menuFor(stateFor({ role: "Agent", existingActiveContracts: true }, 2));
    expect(find(menu, "Profile")?.alert).toBe(true);
  });

  it("no alert when there are no document notifications", () => {
    const menu = menuFor(stateFor({ role: "Agent", existingActiveContracts: true }, 0));
    expect(find(menu, "Profile")?.alert).toBeFalsy();
  });

  it("the locked and completed menus carry the alert on Profile too", () => {
    const locked = menuFor(stateFor({ role: "Agent", roleHasOnboardingProcess: true }, 1));
    const completed = menuFor(stateFor({ role: "Agent", roleHasOnboardingProcess: true, onboardingComplete: true }, 1));
    expect(find(locked, "Profile")?.alert).toBe(true);
    expect(find(completed, "Profile")?.alert).toBe(true);
  });

  it("only Profile carries the alert", () => {
    const menu = menuFor(stateFor({ role: "Agency", existingActiveContracts: true, sunfireAccess: true }, 5));
    expect(menu.filter((entry) => entry.alert).map((entry) => entry.label)).toEqual(["Profile"]);
  });
});

describe("spec §2: an admin impersonating a user sees a 'Logout As {name}' button", () => {
  it("gives 'Logout As {first last}' while impersonating (returnToUserId set)", () => {
    const state = stateFor({ firstName: "Priya", lastName: "Raman", returnToUserId: 9 });
    expect(logoutAsLabel(state)).toBe("Logout As Priya Raman");
  });

  it("gives nothing when not impersonating", () => {
    expect(logoutAsLabel(stateFor({ firstName: "Priya", lastName: "Raman", returnToUserId: null }))).toBeNull();
  });
});

describe("the menu and the guard agree: every menu entry can be opened", () => {
  it("every entry of every menu lies in an area of the access rule, so the rule decides whether it shows", () => {
    const states = (["Agent", "Agency", "Admin", "Carrier"] as const).flatMap((role) => [
      stateFor({ role, existingActiveContracts: true, sunfireAccess: true, onboardingPresent: true }),
      stateFor({ role, roleHasOnboardingProcess: true }),
      stateFor({ role, roleHasOnboardingProcess: true, onboardingComplete: true }),
    ]);
    for (const state of states) {
      for (const href of menuHrefs(menuFor(state))) expect(featureOfPath(href.split("?")[0]!), href).not.toBeNull();
    }
  });

  const roles = ["Agent", "Agency", "Admin", "Carrier"] as const;
  const variants: Array<Partial<SessionUser>> = [
    {},
    { existingActiveContracts: true },
    { existingActiveContracts: true, sunfireAccess: true },
    { existingActiveContracts: true, email: BETA },
    { existingActiveContracts: true, loa: true },
    { onboardingPresent: true },
    { roleHasOnboardingProcess: true, onboardingPresent: true },
    {
      roleHasOnboardingProcess: true,
      onboardingPresent: true,
      onboardingComplete: true,
      existingActiveContracts: true,
    },
    {
      roleHasOnboardingProcess: true,
      skipOnboardingWithContracts: true,
      existingActiveContracts: true,
      sunfireAccess: true,
    },
    { returnToUserId: 9, existingActiveContracts: true, sunfireAccess: true },
  ];

  for (const role of roles) {
    for (const variant of variants) {
      it(`${role} ${JSON.stringify(variant)}`, () => {
        const state = stateFor({ role, ...variant }, 1);
        const hrefs = menuHrefs(menuFor(state));
        expect(hrefs.length).toBeGreaterThan(0);
        for (const href of hrefs) {
          const pathname = href.split("?")[0]!;
          expect(canOpen(state, pathname), `${role} menu links to ${href}`).toBe(true);
        }
      });
    }
  }
});
