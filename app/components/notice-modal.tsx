import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";
import type { Branding } from "~/domain/branding";
import { NOTICE_TITLE, noticeParagraphs, withoutNotice } from "~/domain/notice";
import { LinkModal } from "./link-modal";

/**
 * Spec §1/§2: the 1099 notice, open while ?notice is in the URL. Rendered on the server (so it shows
 * without JavaScript); closing is a link to the same URL without the parameter. Escape closes it too.
 */
export function NoticeModal({ opened, branding }: { opened: boolean; branding: Branding }) {
  const location = useLocation();
  if (!opened) return null;
  const closeTo = withoutNotice(location.pathname, location.search);
  return (
    <LinkModal titleId="notice-title" closeTo={closeTo} width="36rem">
      <Stack gap="sm">
        <Title order={2} id="notice-title" size="h3">
          {NOTICE_TITLE}
        </Title>
        {noticeParagraphs(branding.marketingOrganisation).map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
        <Group justify="flex-end">
          <Button component={Link} to={closeTo} replace preventScrollReset data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </LinkModal>
  );
}
