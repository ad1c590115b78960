import { Button, Group, Paper, Text } from "@mantine/core";
import type { FormEvent } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import type { Toast } from "~/domain/toast";

/** The prompt's fetcher; the default layout (which outlives the prompt) shows its toasts. */
export const SMS_FETCHER_KEY = "sms-consent";

export const SMS_PROMPT_TEXT = "Would you like to receive text-message alerts about your contracts and commissions?";

/**
 * Spec §4 SMS consent prompt: Yes gives consent, No declines; both hide it. A plain form (works
 * without JavaScript, redirecting back); with JavaScript it is sent by a fetcher and stays in place.
 */
export function SmsConsentPrompt() {
  const location = useLocation();
  const fetcher = useFetcher<{ toasts?: Toast[] }>({ key: SMS_FETCHER_KEY });
  const busy = fetcher.state !== "idle";

  function submitWithFetcher(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const formData = new FormData(event.currentTarget, submitter);
    formData.set("mode", "fetcher");
    fetcher.submit(formData, { method: "post", action: "/account/sms_consent" });
  }

  if (fetcher.data && !fetcher.data.toasts?.some((t) => t.type === "error")) return null;

  return (
    <Paper withBorder p="md" mb="md" role="region" aria-label="Text-message alerts" data-testid="sms-prompt">
      <Form method="post" action="/account/sms_consent" onSubmit={submitWithFetcher}>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <Group justify="space-between" gap="sm">
          <Text>{SMS_PROMPT_TEXT}</Text>
          <Group gap="xs">
            <Button type="submit" name="consent" value="yes" loading={busy}>
              Yes
            </Button>
            <Button type="submit" name="consent" value="no" variant="default" disabled={busy}>
              No
            </Button>
          </Group>
        </Group>
      </Form>
    </Paper>
  );
}
