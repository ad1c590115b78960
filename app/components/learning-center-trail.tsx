import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "react-router";

/** Where a Learning Center page sits: links back up to the hub (and its library), the page's own name last. */
export function LearningCenterTrail({
  steps,
  current,
}: {
  steps: Array<{ to: string; label: string }>;
  current: string;
}) {
  return (
    <nav aria-label="Breadcrumb">
      <Group gap={6} component="ol" className="lc-trail">
        {steps.map((step) => (
          <li key={step.to}>
            <Anchor component={Link} to={step.to} size="sm">
              {step.label}
            </Anchor>
            <Text span size="sm" c="dimmed" aria-hidden="true">
              {" "}
              /
            </Text>
          </li>
        ))}
        <li>
          <Text span size="sm" aria-current="page">
            {current}
          </Text>
        </li>
      </Group>
    </nav>
  );
}
