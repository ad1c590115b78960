import * as z from "zod/mini";

/** Spec §6: admins may impersonate users. The admin names the user by e-mail. */
export const ImpersonateSchema = z.object({
  email: z
    .string({ error: "Enter the user's e-mail address" })
    .check(z.trim(), z.email("Enter a valid e-mail address")),
});
