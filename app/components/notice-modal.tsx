import { Button, FocusTrap, Group, Overlay, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { Branding } from "~/domain/branding";
import { NOTICE_TITLE, noticeParagraphs, withoutNotice } from "~/domain/notice";

/**
 * Spec §1/§2: the 1099 notice, open while ?notice is in the URL. Rendered on the server (so it shows
 * without JavaScript); closing is a link to the same URL without the parameter. Escape closes it too.
 */
export function NoticeModal({ opened, branding }: { opened: boolean; branding: Branding }) {
  const location = useLocation();
  const navigate = useNavigate();
  const closeTo = withoutNotice(location.pathname, location.search);

  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [opened, closeTo, navigate]);

  if (!opened) return null;
  return (
    <>
      <Overlay fixed backgroundOpacity={0.55} zIndex={300} />
      <FocusTrap active>
        <Paper
          role="dialog"
          aria-modal="true"
          aria-labelledby="notice-title"
          shadow="xl"
          p="xl"
          radius="md"
          withBorder
          style={{
            position: "fixed",
            zIndex: 301,
            top: "50%",
            left: "50%",
            transform: "translate(-50%, -50%)",
            width: "min(36rem, calc(100vw - 2rem))",
            maxHeight: "calc(100vh - 2rem)",
            overflowY: "auto",
          }}
        >
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
        </Paper>
      </FocusTrap>
    </>
  );
}

