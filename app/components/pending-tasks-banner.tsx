import { Alert, Anchor, List } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { tasksElsewhere } from "~/domain/next-steps";
import type { PendingTask } from "~/domain/pending-tasks";

/**
 * Spec §2 default layout: a top banner for broker pending tasks. A task done on the page the user is on (the
 * onboarding steps, the profile) is left out: the banner never links to the page it is shown on (issue 11).
 */
export function PendingTasksBanner({ tasks }: { tasks: PendingTask[] }) {
  const shown = tasksElsewhere(tasks, useLocation().pathname);
  if (shown.length === 0) return null;
  return (
    <Alert color="orange" mb="md" title="Pending tasks" data-testid="pending-tasks">
      <PendingTaskList tasks={shown} size="sm" />
    </Alert>
  );
}

/** The pending tasks as links to where each is done. */
export function PendingTaskList({ tasks, size }: { tasks: PendingTask[]; size?: "sm" }) {
  return (
    <List size={size}>
      {tasks.map((task) => (
        <List.Item key={task.key}>
          <Anchor component={Link} to={task.to}>
            {task.text}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}
