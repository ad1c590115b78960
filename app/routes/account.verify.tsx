import { Stack } from "@mantine/core";
import { data } from "react-router";
import {
  AccountHeading,
  AccountLinks,
  EmailRequestForm,
  type EmailRequestAnswer,
  LinkNotice,
  type LinkWords,
  CHECK_THE_WHOLE_LINK,
} from "~/components/account-pages";
import { EMAIL_VERIFIED, VERIFICATION_LINK_SENT } from "~/domain/accounts";
import { TOKEN_LIFETIME_MS } from "~/domain/account-tokens";
import { successToast } from "~/domain/toast";
import { emailRequestAction, linkStatus, readLink } from "~/.server/account-forms";
import { redirectWithToast } from "~/.server/toast";
import { requestVerification, verifyEmail } from "~/.server/upstream/accounts";
import type { Route } from "./+types/account.verify";

export function meta() {
  return [{ title: "Verify your e-mail address" }];
}

/**
 * Issue 13: the e-mailed verification link verifies the address as it is opened (single use, 24 hours) and
 * leads to sign-in with a green toast; a link that cannot be used says why and offers a new one. Without a
 * token: the form asking for a new link (the same answer for every address). Signed in or not.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (params.token === undefined) return { link: null };
  const link = await readLink(params.token, verifyEmail);
  if (link.state === "open") throw await redirectWithToast("/", [successToast(EMAIL_VERIFIED)]);
  return data({ link }, { status: linkStatus(link) });
}

export async function action({ request, context }: Route.ActionArgs) {
  return emailRequestAction(request, context, "verification", requestVerification, VERIFICATION_LINK_SENT);
}

const VERIFY_HOURS = TOKEN_LIFETIME_MS.verify / 3_600_000;

const VERIFY_LINK_WORDS: LinkWords = {
  expired: {
    title: "This verification link has expired",
    text: `A verification link works for ${VERIFY_HOURS} hours. Ask for a new one below.`,
  },
  used: {
    title: "This verification link was already used",
    text: "If your address is verified, sign in. If signing in still asks you to verify it, ask for a new link below.",
  },
  invalid: { title: "This verification link is not valid", text: CHECK_THE_WHOLE_LINK },
};

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData;
  const answer = actionData as EmailRequestAnswer | undefined;
  return (
    <Stack gap="md">
      <AccountHeading title="Verify your e-mail address">
        {link
          ? null
          : `We e-mailed you a link when you registered: open it to verify your address, then sign in. The link works for ${VERIFY_HOURS} hours. No e-mail? Check your spam folder, or ask for a new link.`}
      </AccountHeading>
      {link ? <LinkNotice link={link} words={VERIFY_LINK_WORDS} /> : null}
      {link?.state === "unavailable" ? null : (
        <EmailRequestForm
          id="verification-request"
          action="/account/verify"
          answer={answer}
          submitLabel="Send a new verification link"
        />
      )}
      <AccountLinks />
    </Stack>
  );
}
