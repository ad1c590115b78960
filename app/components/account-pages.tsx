import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { TokenReason } from "~/domain/account-tokens";
import { EmailField } from "./forms/text-fields";
import { FormAlert, PortalForm, SubmitButton } from "./forms/form";
import { useServerForm } from "./forms/use-server-form";
import type { FormResult } from "./forms/use-portal-form";

/** The public account pages of issue 13: their heading, a refused link, the e-mail forms, the way back. */

export function AccountHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" mt={4}>
          {children}
        </Text>
      ) : null}
    </div>
  );
}

/** Links under a public account page: back to sign-in, and whatever else fits. */
export function AccountLinks({ children }: { children?: ReactNode }) {
  return (
    <Text size="sm">
      <Anchor component={Link} to="/">
        Back to sign in
      </Anchor>
      {children}
    </Text>
  );
}

/** A link that cannot be used: what happened and what to do, never a form that cannot work. */
function LinkProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="orange" title={title} role="status">
      <Stack gap="xs">{children}</Stack>
    </Alert>
  );
}

/** What a page says of its link that cannot be used, per reason: a title and what to do instead. */
export type LinkWords = Record<TokenReason, { title: string; text: ReactNode }>;

/**
 * A link that cannot be used (`refused`, with `words` for its reason), or that cannot be checked now because
 * the upstream does not answer (`unavailable`).
 */
export function LinkNotice({
  link,
  words,
}: {
  link: { state: "refused"; reason: TokenReason } | { state: "unavailable"; message: string };
  words: LinkWords;
}) {
  if (link.state === "unavailable") {
    return (
      <LinkProblem title="We cannot check your link right now">
        <Text size="sm">{link.message} Open the link from the e-mail again in a moment.</Text>
      </LinkProblem>
    );
  }
  const { title, text } = words[link.reason];
  return (
    <LinkProblem title={title}>
      <Text size="sm">{text}</Text>
    </LinkProblem>
  );
}

/** The text of a link that was never valid, or was cut short. */
export const CHECK_THE_WHOLE_LINK = "Check that you opened the whole link from the e-mail, or ask for a new one below.";

/** What an e-mail form's action answers: the form's reply, and the one notice (the same for every address). */
export interface EmailRequestAnswer {
  reply: FormResult;
  notice: string | null;
}

/**
 * One e-mail address, for a new link (verification, activation, password reset). Its answer never tells
 * whether the address has an account: the same notice for every address, the address kept in the field.
 */
export function EmailRequestForm({
  id,
  answer,
  submitLabel,
  action,
}: {
  id: string;
  answer: EmailRequestAnswer | undefined;
  submitLabel: string;
  action?: string;
}) {
  const [form, fields] = useServerForm(id, answer?.reply, ["email"], { required: ["email"] });
  return (
    <PortalForm form={form} action={action}>
      <Stack gap="sm">
        {answer?.notice ? (
          <Alert color="green" role="status" title="Check your e-mail">
            {answer.notice}
          </Alert>
        ) : null}
        <FormAlert form={form} />
        <EmailField field={fields.email} label="E-mail" autoComplete="email" />
        <SubmitButton>{submitLabel}</SubmitButton>
      </Stack>
    </PortalForm>
  );
}
