import { Anchor, List, ThemeIcon } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import { Link } from "react-router";

/** The contracting steps (spec §2 onboarding), each done or to do, the current one marked. */
export function OnboardingStepList({
  steps,
  current,
}: {
  steps: Array<{ key: string; title: string; complete: boolean }>;
  current: string | null;
}) {
  return (
    <nav aria-label="Contracting steps">
      <List spacing="xs">
        {steps.map((s) => (
          <List.Item
            key={s.key}
            icon={
              <ThemeIcon color={s.complete ? "green" : "gray"} size={22} radius="xl" variant="light">
                {s.complete ? (
                  <IconCircleCheck size={16} role="img" aria-label="done" />
                ) : (
                  <IconCircleDashed size={16} role="img" aria-label="to do" />
                )}
              </ThemeIcon>
            }
          >
            <Anchor
              component={Link}
              to={`/onboarding/${s.key}`}
              aria-current={s.key === current ? "step" : undefined}
              fw={s.key === current ? 700 : 400}
            >
              {s.title}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </nav>
  );
}
