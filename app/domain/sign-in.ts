import * as z from "zod/mini";

export const SignInSchema = z.object({
  email: z.string({ error: "Enter your e-mail address" }).check(z.trim(), z.email("Enter a valid e-mail address")),
  password: z.string({ error: "Enter your password" }).check(z.minLength(1, "Enter your password")),
  redirectTo: z.optional(z.string()),
});
