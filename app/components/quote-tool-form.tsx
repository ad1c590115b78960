import { Button, Stack, Text } from "@mantine/core";

/**
 * The quote tool's button (spec §7 "opened in a new window"): a plain form, not the router's, posting to
 * /quote_tool in a new window, JavaScript or not. The action answers with a redirect to a fresh single-use
 * sign-on link (or, when the upstream fails, the quote tool page with the reason, in that window).
 */
export function QuoteToolForm({ href, label, hintId }: { href: string; label: string; hintId: string }) {
  return (
    <form method="post" action={href} target="_blank">
      <Stack gap={4} align="flex-start">
        <Button type="submit" aria-describedby={hintId}>
          {label}
        </Button>
        <Text id={hintId} size="xs" c="dimmed">
          Opens in a new window.
        </Text>
      </Stack>
    </form>
  );
}
