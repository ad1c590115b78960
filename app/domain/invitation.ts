import * as z from "zod/mini";
import { required, singleLine } from "./validation";

/** The form an agency fills to invite a downline agent or agency (issue 4 /register_downlines/new). */
export function invitationSchema(levels: readonly string[]) {
  return z.object({
    email: z.pipe(required("Enter the e-mail address"), z.email("Enter a valid e-mail address")),
    firstName: singleLine("Enter the first name"),
    lastName: singleLine("Enter the last name"),
    level: z.string({ error: "Choose a level" }).check(z.refine((v) => levels.includes(v), "Choose a level")),
  });
}
