import * as z from "zod/mini";
import { FEEDBACK_RATINGS, RATING_CHOICE } from "./feedback";
import { supportTicketSchema } from "./tickets";

const RATING_VALUES: readonly string[] = FEEDBACK_RATINGS.map(String);

/**
 * A new conversation (/feedback/form): subject, category, message and optional attachment as a support
 * ticket, and an optional 1–5 rating ("No rating" sends nothing). Built from the functions the other forms
 * use already (the browser's shared form chunk carries every zod mini function any form uses).
 */
export function feedbackSchema(categories: readonly string[]) {
  return z.object({
    ...supportTicketSchema(categories).shape,
    rating: z.optional(
      z.string({ error: RATING_CHOICE }).check(z.refine((v) => RATING_VALUES.includes(v), RATING_CHOICE)),
    ),
  });
}
