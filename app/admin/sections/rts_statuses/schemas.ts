/** The RTS statuses section's form schemas, zod mini (issue 14, ADR 015/024): the browser and the server check with them. */
import * as z from "zod/mini";
import { optionalDescription, optionalId } from "~/domain/admin/forms";
import { RTS_TONES } from "~/domain/rts";
import { required, singleLine } from "~/domain/validation";

export const rtsStatusSchema = z.object({
  statusCode: z.pipe(
    required("Enter the status code").check(
      z.refine((v) => /^[A-Za-z0-9_]{1,16}$/.test(v), "Up to 16 letters, digits or _ (stored in capitals)"),
    ),
    z.transform((v: string) => v.toUpperCase()),
  ),
  statusTitle: singleLine("Enter the title").check(z.maxLength(80, { error: "At most 80 characters" })),
  displayStatus: singleLine("Enter the badge text").check(z.maxLength(40, { error: "At most 40 characters" })),
  tone: z.enum(RTS_TONES, { error: "Choose the badge's color" }),
  description: optionalDescription,
  carrierId: optionalId("Choose a carrier from the list"),
});
