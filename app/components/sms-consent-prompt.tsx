import { Group, Paper, Text } from "@mantine/core";
import { useFetcher, useLocation } from "react-router";
import type { Toast } from "~/domain/toast";
import { HydratedField } from "./forms/hydrated-field";
import { PortalForm, SubmitButton } from "./forms/form";

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

  if (fetcher.data && !fetcher.data.toasts?.some((t) => t.type === "error")) return null;

  return (
    <Paper withBorder p="md" mb="md" role="region" aria-label="Text-message alerts" data-testid="sms-prompt">
      <PortalForm fetcher={fetcher} action="/account/sms_consent">
        {/* Sent by the fetcher: the action answers with data instead of redirecting back. */}
        <HydratedField name="mode" value="fetcher" />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <Group justify="space-between" gap="sm">
          <Text>{SMS_PROMPT_TEXT}</Text>
          <Group gap="xs">
            <SubmitButton name="consent" value="yes">
              Yes
            </SubmitButton>
            <SubmitButton name="consent" value="no" variant="default">
              No
            </SubmitButton>
          </Group>
        </Group>
      </PortalForm>
    </Paper>
  );
}
