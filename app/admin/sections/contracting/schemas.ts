/** The contracting desk section's form schemas, zod mini (issue 14, ADR 015/024): the browser and the server check with them. */
import * as z from "zod/mini";
import { chosenIds, optionalText } from "~/domain/admin/forms";
import { DENY_NEEDS_NOTE } from "~/domain/admin/labels";

/** The desk's bulk move: the chosen ids (hidden fields), the state (not active: each needs its writing number). */
export const bulkTransitionSchema = z
  .object({
    id: chosenIds,
    state: z.enum(["approved", "denied", "pending"], { error: "Choose the new state" }),
    publicNote: optionalText(1000, "At most 1,000 characters"),
    internalNote: optionalText(1000, "At most 1,000 characters"),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.state === "denied" && !value.publicNote)
        ctx.issues.push({ code: "custom", path: ["publicNote"], message: DENY_NEEDS_NOTE, input: value.publicNote });
    }),
  );
