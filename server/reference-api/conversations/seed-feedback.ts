/**
 * The feedback conversations seed (issue 12; conversations of kind feedback in the one model, store.ts; queries
 * in feedback.ts): the demo brokers' conversations with the organisation's staff, some staff replies unread and
 * some conversations waiting for the broker's reply, so each dashboard's two counts come from real messages.
 * Their ids start at 21 (tickets and feedback share one numbering: the demo tickets are 1–7). Dates are relative
 * to the seed day (seed-dates.ts).
 *
 * | account | conversations | unread staff messages | awaiting the broker's reply |
 * | agent@ (1) | 21–23 | 3 (conversation 22) | 1 (conversation 22) |
 * | loa@ (3) | 24 | 0 | 0 |
 * | docs@ (4) | 25 (no reply yet) | 0 | 0 |
 * | agency@ (5) | 26–28 | 1 (conversation 27) | 2 (conversations 26, 27) |
 * | beta@ (6) | 29 | 0 | 1 (conversation 29) |
 * | onboarded@ (8) | 30, 31 | 2 (conversation 30) | 1 (conversation 30) |
 * Everyone else has none.
 */
import type { InStatement } from "@libsql/client";
import type { SeedDates } from "../seed/seed-dates.ts";
import { seedConversationStatements } from "./store.ts";

/** The categories a conversation is filed under (GET /api/feedback_conversations/categories). */
export const FEEDBACK_CATEGORIES = [
  "Portal and website",
  "Contracting",
  "Commissions",
  "Learning center",
  "Quote & Enroll",
  "Other",
] as const;

export interface SeedFeedbackMessage {
  authorId: number;
  author: string;
  fromStaff: boolean;
  body: string;
  createdAt: string;
  /** A staff message the owner has opened (the owner's own messages are read). */
  read: boolean;
}

export interface SeedFeedbackConversation {
  id: number;
  userId: number;
  subject: string;
  category: (typeof FEEDBACK_CATEGORIES)[number];
  rating: number | null;
  messages: SeedFeedbackMessage[];
}

type Person = readonly [number, string];
const STAFF: Person = [9, "Grace Harper"];
const MARIA: Person = [1, "Maria Alvarez"];
const PRIYA: Person = [3, "Priya Raman"];
const THOMAS: Person = [4, "Thomas Becker"];
const LINDA: Person = [5, "Linda Chen"];
const ROBERT: Person = [6, "Robert Nguyen"];
const MICHAEL: Person = [8, "Michael Rossi"];

const from = ([authorId, author]: Person, body: string, createdAt: string): SeedFeedbackMessage => ({
  authorId,
  author,
  fromStaff: false,
  body,
  createdAt,
  read: true,
});
const staff = (body: string, createdAt: string, read: boolean): SeedFeedbackMessage => ({
  authorId: STAFF[0],
  author: STAFF[1],
  fromStaff: true,
  body,
  createdAt,
  read,
});

export const seedFeedbackConversations = (d: SeedDates): SeedFeedbackConversation[] => [
  {
    id: 21,
    userId: 1,
    subject: "Searching the book of business by policy number",
    category: "Portal and website",
    rating: 4,
    messages: [
      from(
        MARIA,
        "It would save me time if the book of business search also found policies by their policy number.",
        d.daysAgo(24, "10:05"),
      ),
      staff(
        "Thank you, Maria. The search now matches policy numbers too: try typing MA-10 in the search box.",
        d.daysAgo(22, "15:40"),
        true,
      ),
      from(MARIA, "Works perfectly, thank you!", d.daysAgo(21, "08:15")),
    ],
  },
  {
    id: 22,
    userId: 1,
    subject: "Commission statements are hard to read on a phone",
    category: "Commissions",
    rating: 3,
    messages: [
      from(
        MARIA,
        "On my phone the commission statement table is very small and I have to zoom in to read the amounts.",
        d.daysAgo(9, "19:20"),
      ),
      staff(
        "Thanks for telling us. We have passed this on to the team that builds the commission pages.",
        d.daysAgo(8, "09:10"),
        false,
      ),
      staff(
        "The team has a question: which phone and browser do you use? A screenshot would help as well.",
        d.daysAgo(6, "14:30"),
        false,
      ),
      staff(
        "We have made the statement table scroll sideways on phones. Could you tell us whether it reads better now?",
        d.daysAgo(2, "11:45"),
        false,
      ),
    ],
  },
  {
    id: 23,
    userId: 1,
    subject: "The certification videos were excellent",
    category: "Learning center",
    rating: 5,
    messages: [
      from(
        MARIA,
        "The new certification videos in the learning center were clear and short. More of these, please.",
        d.daysAgo(40, "17:00"),
      ),
      staff(
        "We are glad they helped! Two more carriers' videos are being recorded this month.",
        d.daysAgo(39, "10:20"),
        true,
      ),
      from(MARIA, "Great news, I will watch for them.", d.daysAgo(39, "12:05")),
    ],
  },
  {
    id: 24,
    userId: 3,
    subject: "Where are my commission statements?",
    category: "Commissions",
    rating: null,
    messages: [
      from(
        PRIYA,
        "I cannot find the Commissions page in the menu. Where do I see my statements?",
        d.daysAgo(15, "09:00"),
      ),
      staff(
        "Hi Priya, your account works under a letter of authority (LOA), so commissions are paid to your agency and shown to them.",
        d.daysAgo(14, "13:25"),
        true,
      ),
      from(PRIYA, "That makes sense, thank you for explaining.", d.daysAgo(14, "16:40")),
    ],
  },
  {
    id: 25,
    userId: 4,
    subject: "A reminder before documents expire",
    category: "Portal and website",
    rating: null,
    messages: [
      from(
        THOMAS,
        "Could the portal e-mail me a month before a license or E&O certificate expires? I only noticed on the profile page.",
        d.daysAgo(3, "12:10"),
      ),
    ],
  },
  {
    id: 26,
    userId: 5,
    subject: "Downline invitations expire too soon",
    category: "Portal and website",
    rating: 2,
    messages: [
      from(
        LINDA,
        "Several agents I invited did not sign up in time and I had to invite them again. Could invitations last longer?",
        d.daysAgo(12, "10:30"),
      ),
      staff(
        "Thanks, Linda. How long would you like an invitation to stay valid: two weeks, or a month?",
        d.daysAgo(11, "16:05"),
        true,
      ),
    ],
  },
  {
    id: 27,
    userId: 5,
    subject: "Contracting status of my sub-agencies",
    category: "Contracting",
    rating: null,
    messages: [
      from(
        LINDA,
        "I would like to see the contracting status of my sub-agencies' agents in one place.",
        d.daysAgo(20, "08:45"),
      ),
      staff(
        "The downlines page shows each agent's status per carrier. Is something missing there?",
        d.daysAgo(19, "11:00"),
        true,
      ),
      from(
        LINDA,
        "It shows the status, but not when a request was sent. The date would help me follow up.",
        d.daysAgo(18, "09:30"),
      ),
      staff(
        "Good point. Would the date of the last change per carrier be enough, or do you need the whole history?",
        d.daysAgo(4, "15:50"),
        false,
      ),
    ],
  },
  {
    id: 28,
    userId: 5,
    subject: "Onboarding my new agents went smoothly",
    category: "Other",
    rating: 5,
    messages: [
      from(
        LINDA,
        "Just a note that the new onboarding steps were easy for my agents. Well done.",
        d.daysAgo(30, "13:15"),
      ),
    ],
  },
  {
    id: 29,
    userId: 6,
    subject: "Submitted enrollments export",
    category: "Quote & Enroll",
    rating: null,
    messages: [
      from(ROBERT, "Can I export my submitted enrollments to a spreadsheet?", d.daysAgo(7, "10:00")),
      staff("Not yet, Robert. Which columns would you need in the export?", d.daysAgo(6, "09:35"), true),
    ],
  },
  {
    id: 30,
    userId: 8,
    subject: "Carrier appointment timeline",
    category: "Contracting",
    rating: 4,
    messages: [
      from(
        MICHAEL,
        "My onboarding is complete. How long do carrier appointments usually take after that?",
        d.daysAgo(5, "09:40"),
      ),
      staff("Most carriers appoint within 10 business days; a few take up to 30.", d.daysAgo(4, "10:15"), false),
      staff(
        "Your first two appointments are already approved. Would you like a weekly e-mail with the status of the others?",
        d.daysAgo(1, "16:20"),
        false,
      ),
    ],
  },
  {
    id: 31,
    userId: 8,
    subject: "Signing the agreement on a tablet",
    category: "Portal and website",
    rating: 5,
    messages: [
      from(MICHAEL, "Signing the agreement with my finger on a tablet worked nicely.", d.daysAgo(16, "18:30")),
      staff("Thank you for letting us know, Michael!", d.daysAgo(15, "08:50"), true),
      from(MICHAEL, "You are welcome.", d.daysAgo(15, "12:00")),
    ],
  },
];

/** The seed's INSERT statements of the feedback conversations (store.ts: createdAt = the first message's time). */
export function seedFeedbackStatements(dates: SeedDates): InStatement[] {
  return seedConversationStatements(
    seedFeedbackConversations(dates).map(({ messages, ...c }) => ({
      ...c,
      kind: "feedback",
      messages: messages.map(({ authorId, author, read, ...m }) => ({
        ...m,
        author: { id: authorId, name: author },
        readAt: read ? m.createdAt : null,
      })),
    })),
  );
}
