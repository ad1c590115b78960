import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "react-router";

/** Where a page sits: links back up the way (the Learning Center hub and library, an admin section), the page's own name last. */
export function Breadcrumbs({ steps, current }: { steps: Array<{ to: string; label: string }>; current: string }) {
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
