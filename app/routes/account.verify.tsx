import { Stack, Text } from "@mantine/core";
import { data } from "react-router";
import {
  AccountHeading,
  AccountLinks,
  EmailRequestForm,
  type EmailRequestAnswer,
  LinkProblem,
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
      {link?.state === "unavailable" ? (
        <LinkProblem title="We cannot check your link right now">
          <Text size="sm">{link.message} Open the link from the e-mail again in a moment.</Text>
        </LinkProblem>
      ) : link?.state === "refused" ? (
        <LinkProblem
          title={
            link.reason === "expired"
              ? "This verification link has expired"
              : link.reason === "used"
                ? "This verification link was already used"
                : "This verification link is not valid"
          }
        >
          <Text size="sm">
            {link.reason === "expired"
              ? `A verification link works for ${VERIFY_HOURS} hours. Ask for a new one below.`
              : link.reason === "used"
                ? "If your address is verified, sign in. If signing in still asks you to verify it, ask for a new link below."
                : "Check that you opened the whole link from the e-mail, or ask for a new one below."}
          </Text>
        </LinkProblem>
      ) : null}
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
