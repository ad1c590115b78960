import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { invitedRegistrationSchema, registrationSchema } from "./accounts";
import { brokerNoteSchema, documentReviewSchema, transitionSchema } from "./admin/forms";
import { roleSchema } from "../admin/sections/roles/schemas";
import { rtsStatusSchema } from "../admin/sections/rts_statuses/schemas";
import { editUserSchema, newUserSchema } from "../admin/sections/users/schemas";
import { feedbackSchema } from "./feedback-form";
import { invitationSchema } from "./invitation";
import { legalAnswersSchema } from "./legal-answers";
import { bankingSchema, licenseSchema, personalSchema } from "./onboarding-forms";
import { profileDetailsSchema } from "./profile";
import { commissionInquirySchema, supportTicketSchema, ticketReplySchema } from "./tickets";
import { CONTROL_CHARACTERS_TEXT } from "./validation";

const TODAY = "2026-11-26";
const RLO = "Maria \u202eexe.fdp";
const NUL = "Maria\u0000 Alvarez";
const NEWLINE = "Maria\nAlvarez";

interface Parser {
  safeParse(input: unknown): { success: boolean; error?: z.core.$ZodError };
}

/** The messages the form's schema gives at `field` (a dotted path) for `value`; the other fields stay blank. */
function messagesAt(schema: Parser, field: string, value: string): string[] {
  const path = field.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const input: Record<string, unknown> = {};
  let node: Record<string, unknown> | unknown[] = input;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const next = last ? value : typeof path[i + 1] === "number" ? [] : {};
    (node as Record<string | number, unknown>)[key] = next;
    node = next as Record<string, unknown>;
  });
  if (field.startsWith("answers."))
    Object.assign((input.answers as object[])[0]!, { legalQuestionId: "1", hasOccurred: "yes" });
  const result = schema.safeParse(input);
  return (result.error?.issues ?? []).filter((i) => i.path.join(".") === field).map((i) => i.message);
}

/** Every name and one-line field of the portal's forms. */
const LINES: Array<[string, Parser, string[]]> = [
  ["sign-up", registrationSchema(), ["firstName", "lastName"]],
  ["registration by invitation", invitedRegistrationSchema("ann@example.com"), ["firstName", "lastName"]],
  ["register downlines: invitation", invitationSchema(["Agent"]), ["firstName", "lastName"]],
  ["profile: personal details", profileDetailsSchema, ["addressLine1", "addressLine2", "city"]],
  [
    "onboarding: personal",
    personalSchema({ today: TODAY, taxIdRequired: false }),
    ["firstName", "lastName", "addressLine1", "city"],
  ],
  ["onboarding: licenses", licenseSchema({ today: TODAY }), ["licenseNumber", "licenseType"]],
  ["onboarding: banking", bankingSchema, ["accountHolder"]],
  ["contact support", supportTicketSchema(["Other"]), ["subject"]],
  ["commission inquiry", commissionInquirySchema([1]), ["subject", "reference"]],
  ["feedback", feedbackSchema(["Other"]), ["subject"]],
  ["admin: new user", newUserSchema, ["firstName", "lastName"]],
  ["admin: user", editUserSchema, ["firstName", "lastName"]],
  ["admin: role", roleSchema, ["name"]],
  ["admin: RTS status", rtsStatusSchema, ["statusTitle", "displayStatus"]],
];

/** Free text of several lines: line breaks are text, NUL and bidi controls are not. */
const TEXTS: Array<[string, Parser, string[]]> = [
  ["contact support", supportTicketSchema(["Other"]), ["message"]],
  ["ticket reply", ticketReplySchema, ["message"]],
  ["commission inquiry", commissionInquirySchema([1]), ["message"]],
  ["feedback", feedbackSchema(["Other"]), ["message"]],
  ["admin: role", roleSchema, ["description"]],
  ["admin: RTS status", rtsStatusSchema, ["description"]],
  ["admin: contract request move", transitionSchema, ["publicNote", "internalNote"]],
  ["admin: broker note", brokerNoteSchema, ["body"]],
  ["admin: document review", documentReviewSchema, ["note"]],
  ["legal answers", legalAnswersSchema({ today: TODAY }), ["answers.0.explanation"]],
];

describe("every form refuses control characters in names and free text, with a message at the field (issue 20)", () => {
  describe.each(LINES)("%s", (_form, schema, fields) => {
    it.each(fields)("%s: a right-to-left override, a NUL or a line break is refused", (field) => {
      for (const value of [RLO, NUL, NEWLINE]) {
        expect(messagesAt(schema, field, value), JSON.stringify(value)).toEqual([CONTROL_CHARACTERS_TEXT]);
      }
      expect(messagesAt(schema, field, "María O'Brien")).toEqual([]);
    });
  });

  describe.each(TEXTS)("%s", (_form, schema, fields) => {
    it.each(fields)("%s: a right-to-left override or a NUL is refused, line breaks are kept", (field) => {
      for (const value of [RLO, NUL]) {
        expect(messagesAt(schema, field, value), JSON.stringify(value)).toEqual([CONTROL_CHARACTERS_TEXT]);
      }
      expect(messagesAt(schema, field, "Line one\r\nLine two\tend")).toEqual([]);
    });
  });
});
