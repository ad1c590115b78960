import { z } from "zod";

export const SignInSchema = z.object({
  email: z.string({ error: "Enter your e-mail address" }).trim().email("Enter a valid e-mail address"),
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password"),
  redirectTo: z.string().optional(),
});
