import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { SignInSchema } from "~/domain/sign-in";
import { login } from "./upstream/session";
import type { LoginResponse } from "./upstream/schemas";

/** remix-auth v4 keeps no session: the route stores the result in ours (app/.server/session.ts). */
export const authenticator = new Authenticator<LoginResponse>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = SignInSchema.parse({ email: form.get("email"), password: form.get("password") });
    return login(parsed.email, parsed.password);
  }),
  "form",
);
