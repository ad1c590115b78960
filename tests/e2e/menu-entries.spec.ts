import { expect, test as httpTest } from "@playwright/test";
import { NOT_FOUND_TEXT } from "../../app/domain/errors";
import { NoJsBrowser } from "../support/no-js";
import { ACCOUNTS } from "./accounts";

/**
 * Spec §2 menus: every entry of every demo account answers a real page (200); never the 404 page, never an
 * error (5xx) and never a refusal (the menu and the server read the same access rule, decision 005). Issue 12
 * built the last areas the menus promised. Entries are requested as a browser would follow them, without
 * following redirects. The server draws the menu: HTTP tier (tests/support/no-js.ts), no browser.
 */
httpTest.describe("every menu entry of every account answers", () => {
  for (const account of ACCOUNTS) {
    httpTest(`${account.email}: each menu entry answers a real page`, async () => {
      const user = await NoJsBrowser.signedIn(account.email);
      try {
        // Entries with children (Quote & Enroll) are toggles without an href; their children are links.
        const hrefs = [...new Set((await user.open(account.home)).menuLinks())];
        expect(hrefs.length, "menu links").toBeGreaterThan(0);
        const answers: string[] = [];
        for (const href of hrefs) {
          expect(href, "a menu link stays on the portal").toMatch(/^\/(?!\/)/);
          const response = await user.client.get(href, { maxRedirects: 0 });
          const body = await response.text();
          answers.push(`${href} ${response.status()}${body.includes(NOT_FOUND_TEXT) ? " (not-found page)" : ""}`);
        }
        expect(
          answers.filter((a) => !/ 200$/.test(a)),
          "entries answering anything but a real page",
        ).toEqual([]);
      } finally {
        await user.close();
      }
    });
  }

  httpTest("a URL outside the menu is a deliberate 403, not an error", async () => {
    for (const account of ACCOUNTS.filter((a) =>
      ["admin@demo.test", "agency@demo.test", "carrier@demo.test"].includes(a.email),
    )) {
      const user = await NoJsBrowser.signedIn(account.email);
      expect(
        (await user.client.get(account.refused, { maxRedirects: 0 })).status(),
        `${account.email} ${account.refused}`,
      ).toBe(403);
      await user.close();
    }
  });

  httpTest(
    "the admin's Register Downlines is a deliberate 403 (spec §2: not in the admin menu; invitations are an agency's)",
    async () => {
      const admin = await NoJsBrowser.signedIn("admin@demo.test");
      try {
        for (const path of ["/register_downlines", "/register_downlines/new"]) {
          const refused = await admin.open(path);
          expect(refused.status, path).toBe(403);
          expect(refused.heading, path).toBe("Access denied");
          // Inside the user's chrome (the layout's boundary), not a bare page: their menu stays.
          expect(refused.menu(), path).toContain("Admin Tools");
        }
        // Downlines stays open to the admin (their menu has it).
        expect((await admin.open("/downlines")).status).toBe(200);
      } finally {
        await admin.close();
      }
    },
  );
});

httpTest("Feedback is in the menu of agents and agencies and leads to their conversations (issue 20)", async () => {
  for (const email of ["agent@demo.test", "agency@demo.test"]) {
    const user = await NoJsBrowser.signedIn(email);
    const home = await user.open("/dashboard");
    const feedback = await user.open(
      home.find({ tag: "nav", name: "Main menu" }).find({ tag: "a", text: "Feedback" }).href,
    );
    expect(feedback.path, email).toBe("/feedback/list");
    expect(feedback.heading, email).toBe("Feedback");
    await user.close();
  }
});
