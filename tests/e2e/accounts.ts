/**
 * What each demo account (shared/design/demo-data.md) must see: its home (spec §2 "Home per user"), its
 * menu (spec §2 "Navigation menu by role and state") and one URL it is refused.
 */
export interface AccountExpectation {
  email: string;
  home: string;
  menu: string[];
  refused: string;
}

export const ACCOUNTS: AccountExpectation[] = [
  {
    email: "agent@demo.test",
    home: "/dashboard",
    menu: [
      "Book of Business", "Commissions", "Commission Inquiry", "My Contracts", "Contract Now", "Learning Center",
      "Quote & Enroll", "Enrollments", "Quote", "Submitted Enrollments", "Profile", "My Tickets", "Contact Support", "Logout",
    ],
    refused: "/downlines",
  },
  {
    email: "newagent@demo.test",
    home: "/dashboard",
    menu: ["Book of Business", "Commissions", "Commission Inquiry", "My Contracts", "Contract Now", "Learning Center", "Profile", "My Tickets", "Contact Support", "Logout"],
    refused: "/admin",
  },
  {
    email: "loa@demo.test",
    home: "/dashboard",
    menu: ["Book of Business", "My Contracts", "Contract Now", "Learning Center", "Quote & Enroll", "Enrollments", "Profile", "Contact Support", "Logout"],
    refused: "/commissions",
  },
  {
    email: "docs@demo.test",
    home: "/dashboard",
    menu: ["Book of Business", "Commissions", "Commission Inquiry", "My Contracts", "Contract Now", "Learning Center", "Quote & Enroll", "Enrollments", "Profile", "My Tickets", "Contact Support", "Logout"],
    refused: "/register_downlines",
  },
  {
    email: "agency@demo.test",
    home: "/dashboard",
    menu: [
      "Book of Business", "Commissions", "Commission Inquiry", "Downlines", "Register Downlines", "My Contracts", "Contract Now",
      "Learning Center", "Quote & Enroll", "Enrollments", "Quote", "Submitted Enrollments", "Profile", "My Tickets", "Contact Support", "Logout",
    ],
    refused: "/admin/users",
  },
  {
    email: "beta@demo.test",
    home: "/dashboard",
    menu: [
      "Book of Business", "Commissions", "Commission Inquiry", "Downlines", "Register Downlines", "My Contracts", "Contract Now",
      "Learning Center", "Quote & Enroll", "Enrollments", "Submitted Enrollments", "Profile", "My Tickets", "Contact Support", "Logout",
    ],
    refused: "/quote_tool",
  },
  {
    email: "onboarding@demo.test",
    home: "/onboarding",
    menu: ["Contracting", "Profile", "Contact Support", "Logout"],
    refused: "/dashboard",
  },
  {
    email: "onboarded@demo.test",
    home: "/home",
    menu: ["Home", "My Contracts", "Register Downlines", "Learning Center", "Profile", "Logout"],
    refused: "/admin",
  },
  {
    email: "admin@demo.test",
    home: "/admin",
    menu: [
      "Book of Business", "Commissions", "Commission Inquiry", "Downlines", "Learning Center", "Quote & Enroll", "Enrollments",
      "Quote Test Site", "Submitted Enrollments", "Admin Tools", "User Profile", "Logout",
    ],
    refused: "/onboarding",
  },
  {
    email: "carrier@demo.test",
    home: "/carrier/tickets",
    menu: ["Commission Inquiry", "User Profile", "Logout"],
    refused: "/dashboard",
  },
];
