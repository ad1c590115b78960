import * as z from "zod/mini";
import { digitsOf, isValidPhone } from "./masked-values";
import { PASSWORDS_DIFFER, PASSWORD_TOO_COMMON, passwordProblems } from "./password";
import { required, singleLine } from "./validation";

/**
 * The public account forms of issue 13 (registration, verification, activation, forgotten password) and the
 * profile's password change. Shared by the browser (conform, zod mini) and the server; the server's schemas
 * also refuse the common passwords (`isCommon`, app/domain/common-passwords.ts), which the browser never loads
 * up front. The upstream checks everything again.
 */

export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

export interface PasswordRuleOptions {
  /** The common-password check (server only). */
  isCommon?: (password: string) => boolean;
}

const name = (message: string) =>
  singleLine(message).check(z.maxLength(MAX_NAME_LENGTH, `Keep it under ${MAX_NAME_LENGTH} characters`));

export const emailField = z.pipe(
  required("Enter your e-mail address").check(z.maxLength(MAX_EMAIL_LENGTH, "Enter a valid e-mail address")),
  z.email("Enter a valid e-mail address"),
);

const npnField = z
  .pipe(
    required("Enter your NPN"),
    z.transform((v: string) => v.replace(/[\s-]/g, "")),
  )
  .check(z.refine((v) => /^\d{1,10}$/.test(v), "Enter your NPN: up to 10 digits"));

const phoneField = required("Enter your phone number").check(
  z.refine(isValidPhone, "Enter a 10-digit phone number (an extension may follow)"),
);

export const ACCEPT_PRIVACY_POLICY = "Accept the privacy policy to continue";
const termsField = z.literal("on", { error: ACCEPT_PRIVACY_POLICY });

/** Never trimmed: a space is part of a password. */
const newPassword = z.string({ error: "Choose a password" }).check(z.minLength(1, "Choose a password"));
const confirmation = z.string({ error: "Type the password again" }).check(z.minLength(1, "Type the password again"));

interface WithPassword {
  password: string;
  passwordConfirmation: string;
}

/**
 * The password rules as one check on the whole form (the rule about the e-mail's name needs the address):
 * each broken rule is an error at `password`, a different confirmation one at `passwordConfirmation`.
 */
function passwordRules<T extends WithPassword>(emailOf: (value: T) => string | null, options: PasswordRuleOptions) {
  return z.superRefine((value: T, ctx) => {
    const problems = passwordProblems(value.password, emailOf(value));
    if (options.isCommon?.(value.password)) problems.push(PASSWORD_TOO_COMMON);
    for (const message of problems) ctx.issues.push({ code: "custom", message, path: ["password"], input: value });
    if (value.password !== value.passwordConfirmation) {
      ctx.issues.push({ code: "custom", message: PASSWORDS_DIFFER, path: ["passwordConfirmation"], input: value });
    }
  }, whenPasswordsTyped);
}

/** The rules run whatever else the form got wrong, once both passwords are there (each field reports its own absence). */
const whenPasswordsTyped = {
  when: (payload: z.core.ParsePayload) => {
    const value = payload.value as Partial<Record<string, unknown>> | undefined;
    return typeof value?.password === "string" && typeof value.passwordConfirmation === "string";
  },
};

const registrationFields = {
  firstName: name("Enter your first name"),
  lastName: name("Enter your last name"),
  npn: npnField,
  phone: phoneField,
  password: newPassword,
  passwordConfirmation: confirmation,
  terms: termsField,
};

/** What the upstream is sent: the phone's digits, terms as `termsAccepted: true`, no confirmation. */
function registrationBody<T extends z.output<z.ZodMiniObject<typeof registrationFields>>>(value: T) {
  const { terms: _terms, passwordConfirmation: _confirmation, ...rest } = value;
  return { ...rest, phone: digitsOf(value.phone), termsAccepted: true as const };
}

/**
 * The invited registration's fields as the form checks them: the browser validates with this and puts its
 * constraints on the inputs (required fields marked from the first render; conform cannot read them from a
 * transforming pipe); the server parses with invitedRegistrationSchema, which also shapes the upstream's body.
 */
export function invitedRegistrationForm(email: string, options: PasswordRuleOptions = {}) {
  return z.object(registrationFields).check(passwordRules(() => email, options));
}

/** /registration/:invitation_token: the e-mail is the invitation's (shown, not typed). */
export function invitedRegistrationSchema(email: string, options: PasswordRuleOptions = {}) {
  return z.pipe(invitedRegistrationForm(email, options), z.transform(registrationBody));
}

/** /registration's fields as the form checks them (see invitedRegistrationForm). */
export function registrationForm(options: PasswordRuleOptions = {}) {
  return z
    .object({ email: emailField, ...registrationFields })
    .check(
      passwordRules((v: WithPassword & { email?: unknown }) => (typeof v.email === "string" ? v.email : null), options),
    );
}

/** /registration: sign-up without an invitation. */
export function registrationSchema(options: PasswordRuleOptions = {}) {
  return z.pipe(registrationForm(options), z.transform(registrationBody));
}

/** The forms that ask for a link by e-mail: a new verification link, a new activation link, a password reset. */
export const emailRequestSchema = z.object({ email: emailField });

/** Setting a password from a link (activation, reset): the account's e-mail is known from the link. */
export function setPasswordSchema(email: string, options: PasswordRuleOptions = {}) {
  return z
    .object({ password: newPassword, passwordConfirmation: confirmation })
    .check(passwordRules(() => email, options));
}

export const SAME_AS_CURRENT = "Choose a password different from your current one.";

/** The profile's password change: the current password, then the new one twice. */
export function changePasswordSchema(email: string, options: PasswordRuleOptions = {}) {
  return z
    .object({
      currentPassword: z
        .string({ error: "Enter your current password" })
        .check(z.minLength(1, "Enter your current password")),
      password: newPassword,
      passwordConfirmation: confirmation,
    })
    .check(
      passwordRules(() => email, options),
      z.superRefine((value, ctx) => {
        if (value.password !== "" && value.password === value.currentPassword) {
          ctx.issues.push({ code: "custom", message: SAME_AS_CURRENT, path: ["password"], input: value });
        }
      }, whenPasswordsTyped),
    );
}

/* ---- What the pages say ---- */

/** The one answer of every form that must not tell whether an account exists. */
export const RESET_LINK_SENT = "If an account exists for that address, we sent a link to reset its password.";
export const VERIFICATION_LINK_SENT =
  "If that address has an account waiting for verification, we sent a new verification link to it.";
export const ACTIVATION_LINK_SENT =
  "If that address has an account waiting for activation, we sent a new activation link to it.";
export const SIGN_UP_RECEIVED =
  "Check your e-mail: we sent a message to that address with what to do next. The link in it works for 24 hours.";
export const EMAIL_VERIFIED = "Your e-mail address is verified. You can sign in now.";
export const PASSWORD_RESET_DONE = "Your password was changed. Sign in with your new password.";
export const ACCOUNT_ACTIVATED = "Your account is active. Sign in with your new password.";
export const PASSWORD_CHANGED = "Your password was changed. You were signed out everywhere else.";
