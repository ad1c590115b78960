import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { login } from "./upstream/session";
import type { LoginResponse } from "./upstream/schemas";

/** remix-auth v4 keeps no session: the route stores the result in ours (app/.server/session.ts). */
export const authenticator = new Authenticator<LoginResponse>();

authenticator.use(
  // The sign-in action has validated the form with SignInSchema before authenticating.
  new FormStrategy(async ({ form }) => login(String(form.get("email")).trim(), String(form.get("password")))),
  "form",
);
