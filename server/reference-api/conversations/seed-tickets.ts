/**
 * The tickets seed (issue 4): the demo accounts' support tickets and commission inquiries (conversations of the
 * one model, store.ts), and the carrier users. Composed by seed/seed.ts; dates are relative to the seed day
 * (seed/seed-dates.ts). The support desk's many other tickets are seed-desk.ts's.
 */
import type { SeedDates } from "../seed/seed-dates.ts";
import type { InStatement } from "@libsql/client";
import dayjs from "dayjs";
import { seedConversationStatements, type SeedConversation } from "./store.ts";

/* ---- Tickets (issue 4): support tickets and commission inquiries ---- */

export const TICKET_CATEGORIES = [
  "Contracting",
  "Commissions",
  "Technical problem",
  "Account and profile",
  "Other",
] as const;
export const COMMISSION_INQUIRY_CATEGORY = "Commissions";
export type TicketKind = "support" | "commission_inquiry";
export type TicketStatus = "Open" | "Answered" | "Closed";

/** The carrier a Carrier-role user belongs to (table carrier_users): carrier@ (10) → Blue Harbor Health (1). */
export const SEED_CARRIER_USERS: ReadonlyArray<{ userId: number; carrierId: number }> = [{ userId: 10, carrierId: 1 }];

export interface SeedTicketMessage {
  authorId: number;
  author: string;
  fromStaff: boolean;
  body: string;
  createdAt: string;
}

export interface SeedTicket {
  id: number;
  userId: number;
  kind: TicketKind;
  subject: string;
  category: string;
  status: TicketStatus;
  reference: string | null;
  carrierId: number | null;
  messages: SeedTicketMessage[];
}

const owner = (authorId: number, author: string, body: string, createdAt: string): SeedTicketMessage => ({
  authorId,
  author,
  fromStaff: false,
  body,
  createdAt,
});
const staff = (authorId: number, author: string, body: string, createdAt: string): SeedTicketMessage => ({
  authorId,
  author,
  fromStaff: true,
  body,
  createdAt,
});
const MARIA = [1, "Maria Alvarez"] as const;
const LINDA = [5, "Linda Chen"] as const;
const SUPPORT = [9, "Grace Harper"] as const;
const BLUE_HARBOR = [10, "Kevin Walsh"] as const;

/**
 * agent@ (1): 3 support tickets (1 Answered, 2 Open, 3 Closed) and 2 commission inquiries addressed to
 * Blue Harbor Health (4 Open, 5 Answered); agency@ (5): 2 support tickets (6, 7); nobody else any.
 * createdAt = the first message's time, updatedAt = the last one's.
 */
/** The statement agent@'s open commission inquiry (ticket 4) is about: 3 months ago, paid before the ticket. */
export const commissionInquiryStatement = (dates: SeedDates): string => `Statement ${dates.monthsAgo(3)}`;

export const seedTickets = (dates: SeedDates): SeedTicket[] => [
  {
    id: 1,
    userId: 1,
    kind: "support",
    subject: "Cannot upload my E&O certificate",
    category: "Technical problem",
    status: "Answered",
    reference: null,
    carrierId: null,
    messages: [
      owner(
        ...MARIA,
        "The upload of my E&O certificate fails with an error every time. The file is a 2 MB PDF.",
        dates.daysAgo(82, "14:10"),
      ),
      staff(
        ...SUPPORT,
        "Thanks, Maria. We fixed an issue with large PDFs; please try the upload again.",
        dates.daysAgo(81, "09:30"),
      ),
    ],
  },
  {
    id: 2,
    userId: 1,
    kind: "support",
    subject: "Update my mailing address",
    category: "Account and profile",
    status: "Open",
    reference: null,
    carrierId: null,
    messages: [
      owner(
        ...MARIA,
        "I moved: please update my mailing address to 410 Peachtree St, Atlanta, GA 30308.",
        dates.daysAgo(38, "16:45"),
      ),
    ],
  },
  {
    id: 3,
    userId: 1,
    kind: "support",
    subject: "Question about the Summit Mutual appointment",
    category: "Contracting",
    status: "Closed",
    reference: null,
    carrierId: null,
    messages: [
      owner(...MARIA, "How long does the Summit Mutual appointment usually take?", dates.daysAgo(157, "13:00")),
      staff(
        ...SUPPORT,
        "Usually 5 to 10 business days after the carrier receives the request.",
        dates.daysAgo(156, "10:15"),
      ),
    ],
  },
  {
    id: 4,
    userId: 1,
    kind: "commission_inquiry",
    subject: `Missing commissions on ${commissionInquiryStatement(dates)}`,
    category: "Commissions",
    status: "Open",
    reference: commissionInquiryStatement(dates),
    carrierId: 1,
    messages: [
      owner(
        ...MARIA,
        `Two of my new enrollments from ${dayjs(`${dates.monthsAgo(4)}-01`).format("MMMM")} are not on ${commissionInquiryStatement(dates)}.`,
        dates.daysAgo(40, "15:20"),
      ),
    ],
  },
  {
    id: 5,
    userId: 1,
    kind: "commission_inquiry",
    subject: "Chargeback on policy MA-1744386",
    category: "Commissions",
    status: "Answered",
    reference: "MA-1744386",
    carrierId: 1,
    messages: [
      owner(
        ...MARIA,
        "Why was the commission on policy MA-1744386 charged back? The member is still enrolled.",
        dates.daysAgo(70, "17:05"),
      ),
      staff(
        ...BLUE_HARBOR,
        "The member disenrolled within 90 days and re-enrolled later; the new enrollment is paid on the next statement.",
        dates.daysAgo(67, "11:40"),
      ),
    ],
  },
  {
    id: 6,
    userId: 5,
    kind: "support",
    subject: "Add a new agent to my agency",
    category: "Account and profile",
    status: "Open",
    reference: null,
    carrierId: null,
    messages: [
      owner(
        ...LINDA,
        "How do I add an agent who already has a portal account to my agency?",
        dates.daysAgo(53, "12:00"),
      ),
    ],
  },
  {
    id: 7,
    userId: 5,
    kind: "support",
    subject: "Downline commission report",
    category: "Commissions",
    status: "Answered",
    reference: null,
    carrierId: null,
    messages: [
      owner(...LINDA, "Can I get a commission report for my whole downline?", dates.daysAgo(105, "14:30")),
      staff(...SUPPORT, "Yes: the downline report is under Downlines, Export.", dates.daysAgo(104, "09:05")),
    ],
  },
];

/**
 * The carrier users (carrier_users), and the tickets as conversations (store.ts) with their messages. A ticket's
 * status is read from its messages; `status` says what it reads as (a closed one is closed at its last message).
 */
export function ticketStatements(dates: SeedDates): InStatement[] {
  const carrierUsers: InStatement[] = SEED_CARRIER_USERS.map((c) => ({
    sql: "INSERT INTO carrier_users (user_id, carrier_id) VALUES (?, ?)",
    args: [c.userId, c.carrierId],
  }));
  const conversations = seedTickets(dates).map(({ status, messages, ...t }): SeedConversation => ({
    ...t,
    closedAt: status === "Closed" ? messages.at(-1)!.createdAt : null,
    messages: messages.map(({ authorId, author, ...m }) => ({ ...m, author: { id: authorId, name: author } })),
  }));
  return [...carrierUsers, ...seedConversationStatements(conversations)];
}
