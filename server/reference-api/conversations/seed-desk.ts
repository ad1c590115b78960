/**
 * The support desk's seed (issue 22): enough conversations for the staff's queue and inbox to feel real —
 * SEED_DESK_TICKETS tickets (ids from SEED_DESK_FIRST_ID: support tickets and commission inquiries to carriers
 * 2–7, so carrier@'s queue keeps its two) and SEED_DESK_FEEDBACK feedback conversations (ids from
 * SEED_DESK_FIRST_FEEDBACK_ID) from the bulk brokers, in every state (awaiting staff, answered, closed), assigned or
 * not, some with internal notes, their last message from today to months ago. The same on every seed; the demo
 * accounts' own conversations (seed-tickets.ts, seed-feedback.ts) are untouched.
 */
import type { InStatement } from "@libsql/client";
import { BULK_USERS } from "../admin-people/seed.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import { COMMISSION_INQUIRY_CATEGORY, type TICKET_CATEGORIES } from "./seed-tickets.ts";
import { type FEEDBACK_CATEGORIES } from "./seed-feedback.ts";
import { seedConversationStatements, type SeedConversation } from "./store.ts";

export const SEED_DESK_FIRST_ID = 101;
export const SEED_DESK_TICKETS = 150;
/** Tickets and feedback share one numbering (store.ts): the desk's feedback follows its tickets. */
export const SEED_DESK_FIRST_FEEDBACK_ID = 301;
export const SEED_DESK_FEEDBACK = 55;

const brokers = BULK_USERS.filter((u) => (u.kind === "Agent" || u.kind === "Agency") && u.status === "active");
/** The administrators who work the desk: admin@ (Grace Harper, 9) and the bulk administrators. */
const staff = [
  { id: 9, name: "Grace Harper" },
  ...BULK_USERS.filter((u) => u.kind === "Admin").map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` })),
];

const SUPPORT_TOPICS: ReadonlyArray<readonly [string, (typeof TICKET_CATEGORIES)[number], string, string]> = [
  [
    "Cannot sign the carrier agreement",
    "Contracting",
    "The signature step of the agreement spins forever.",
    "We reset the signing session; please open the agreement again.",
  ],
  [
    "License in Florida not showing",
    "Account and profile",
    "My new Florida license is not on my profile yet.",
    "Licenses come from NIPR weekly; it will appear after the next sync.",
  ],
  [
    "Password reset e-mail never arrives",
    "Technical problem",
    "I asked for a password reset twice and got nothing.",
    "Your mailbox rejected our e-mail; we sent it again from a new address.",
  ],
  [
    "Change my upline agency",
    "Contracting",
    "I am moving to a new agency next month. What do I need to send?",
    "Send us the release letter from your current agency and we start the transfer.",
  ],
  [
    "Direct deposit details",
    "Commissions",
    "Where do I update the bank account my commissions go to?",
    "Upload a voided check under Profile → Documents; we update it within two days.",
  ],
  [
    "Quote tool shows the wrong county",
    "Technical problem",
    "The quote tool picks Dade County for every Miami ZIP code I try.",
    "Thanks for the details; the carrier fixed their ZIP table.",
  ],
  [
    "E&O certificate renewal",
    "Account and profile",
    "My E&O renews next week: can I upload the new certificate before then?",
    "Yes, upload it now; the old one stays valid until it expires.",
  ],
  [
    "Appointment status with the carrier",
    "Contracting",
    "It has been three weeks since I requested the appointment.",
    "The carrier asked for your AML certificate; please upload it.",
  ],
  [
    "Duplicate account",
    "Other",
    "I registered twice by mistake; please merge my accounts.",
    "We disabled the second account; sign in with your work address.",
  ],
];

const INQUIRY_TOPICS: ReadonlyArray<readonly [string, string, string]> = [
  [
    "Missing commission on a new enrollment",
    "A new enrollment from last month is not on my statement.",
    "The enrollment reached us late; it is paid on the next statement.",
  ],
  [
    "Renewal paid at the wrong rate",
    "My renewals were paid at the first-year rate.",
    "We corrected the rate; the difference is on the next statement.",
  ],
  [
    "Chargeback I do not understand",
    "A chargeback appeared for a member who is still enrolled.",
    "The member changed plans inside 90 days; the new plan is paid separately.",
  ],
  [
    "Override missing for my downline",
    "My override on my downline's enrollments is missing.",
    "Your hierarchy was missing a level; it is fixed from this month.",
  ],
];

const FEEDBACK_TOPICS: ReadonlyArray<readonly [string, (typeof FEEDBACK_CATEGORIES)[number], string, string]> = [
  [
    "Dashboard loads slowly on my phone",
    "Portal and website",
    "The dashboard takes a long time on my phone over 4G.",
    "Thanks! We made the dashboard lighter this month; tell us if it is better.",
  ],
  [
    "More carrier training videos",
    "Learning center",
    "Could the learning center have short videos for each carrier?",
    "Good idea: we are asking the carriers for them.",
  ],
  [
    "Contracting was quick",
    "Contracting",
    "Just wanted to say my contracting went through in two days. Great job.",
    "Thank you for letting us know!",
  ],
  [
    "Statement PDF layout",
    "Commissions",
    "The statement PDF cuts off the policy numbers.",
    "We widened the column; the next statements show them whole.",
  ],
  [
    "Enrollment link in the quote tool",
    "Quote & Enroll",
    "After quoting, the enroll button opens a blank page.",
    "The carrier changed its link; it works again.",
  ],
  ["Dark mode", "Other", "Any chance of a dark mode for evening work?", "It is on our list for next year."],
];

const NOTES = [
  "Checked with the carrier: waiting on their file.",
  "Broker called as well; promised an answer by Friday.",
  "Same issue as the week before; see the previous ticket.",
  "Escalated to the contracting lead.",
];

type State = "open" | "answered" | "closed";
/** Spread over states, assignees, notes and ages so that every filter finds something. */
function plan(i: number) {
  const state: State = (["open", "answered", "closed", "open", "answered"] as const)[i % 5]!;
  const assignee = i % 3 === 0 ? null : staff[i % staff.length]!;
  const withNote = i % 4 === 1;
  // The last message: today for some, up to about five months ago for others.
  const lastDaysAgo = [0, 1, 2, 4, 6, 9, 13, 20, 27, 35, 48, 62, 80, 100, 130, 160][(i * 7) % 16]!;
  return { state, assignee, withNote, lastDaysAgo };
}

const time = (i: number) => `${String(7 + (i % 10)).padStart(2, "0")}:${String((i * 13) % 60).padStart(2, "0")}`;

export function adminConversationStatements(dates: SeedDates): InStatement[] {
  const conversations: SeedConversation[] = [];
  // The last message of a conversation whose last message is "today" is early today (never in the future).
  const at = (daysAgo: number, i: number) =>
    daysAgo === 0 ? dates.daysAgo(0, "00:05") : dates.daysAgo(daysAgo, time(i));
  const person = (u: { id: number; firstName: string; lastName: string }) => ({
    id: u.id,
    name: `${u.firstName} ${u.lastName}`,
  });

  for (let i = 0; i < SEED_DESK_TICKETS; i++) {
    const owner = brokers[(i * 11) % brokers.length]!;
    const { state, assignee, withNote, lastDaysAgo } = plan(i);
    const inquiry = i % 4 === 3 && !owner.loa;
    const [subject, category, question, answer] = inquiry
      ? [
          ...(([t, q, a]) => [t, COMMISSION_INQUIRY_CATEGORY, q, a] as const)(
            INQUIRY_TOPICS[i % INQUIRY_TOPICS.length]!,
          ),
        ]
      : SUPPORT_TOPICS[i % SUPPORT_TOPICS.length]!;
    const answered = state !== "open" || i % 10 === 3;
    const start = lastDaysAgo + (answered ? 2 + (i % 3) : 0);
    const answerer = assignee ?? staff[0]!;
    const from = (fromStaff: boolean, body: string, daysAgo: number) => ({
      author: fromStaff ? answerer : person(owner),
      fromStaff,
      body,
      createdAt: at(daysAgo, i),
    });
    conversations.push({
      id: SEED_DESK_FIRST_ID + i,
      kind: inquiry ? "commission_inquiry" : "support",
      userId: owner.id,
      subject,
      category,
      reference: inquiry ? `MA-${String(1_800_000 + i * 37)}` : null,
      carrierId: inquiry ? 2 + ((i >> 2) % 6) : null,
      assigneeId: assignee?.id ?? null,
      closedAt: state === "closed" ? at(lastDaysAgo, i) : null,
      messages: [
        from(false, question, start),
        ...(answered ? [from(true, answer, lastDaysAgo + (state === "open" ? 1 : 0))] : []),
        // Open after an answer (i % 10 === 3): the broker wrote back.
        ...(state === "open" && answered
          ? [from(false, "Thanks, but it still does not work for me.", lastDaysAgo)]
          : []),
      ],
      notes: withNote ? [{ author: answerer, body: NOTES[i % NOTES.length]!, createdAt: at(start, i + 1) }] : [],
    });
  }

  for (let i = 0; i < SEED_DESK_FEEDBACK; i++) {
    const owner = brokers[(i * 17 + 5) % brokers.length]!;
    const { state, assignee, withNote, lastDaysAgo } = plan(i + 1);
    const [subject, category, body, answer] = FEEDBACK_TOPICS[i % FEEDBACK_TOPICS.length]!;
    const start = lastDaysAgo + (state === "open" ? 0 : 1 + (i % 4));
    const answerer = assignee ?? staff[0]!;
    conversations.push({
      id: SEED_DESK_FIRST_FEEDBACK_ID + i,
      kind: "feedback",
      userId: owner.id,
      subject,
      category,
      rating: i % 3 === 0 ? null : 1 + (i % 5),
      assigneeId: assignee?.id ?? null,
      closedAt: state === "closed" ? at(lastDaysAgo, i) : null,
      messages: [
        { author: person(owner), fromStaff: false, body, createdAt: at(start, i) },
        // Answered: the broker has read some answers, not others.
        ...(state !== "open"
          ? [
              {
                author: answerer,
                fromStaff: true,
                body: answer,
                createdAt: at(lastDaysAgo, i),
                readAt: state === "closed" || i % 2 === 0 ? at(lastDaysAgo, i) : null,
              },
            ]
          : []),
      ],
      notes: withNote ? [{ author: answerer, body: NOTES[i % NOTES.length]!, createdAt: at(start, i + 1) }] : [],
    });
  }
  return seedConversationStatements(conversations);
}
