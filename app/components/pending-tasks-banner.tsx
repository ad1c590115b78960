import { Alert, Anchor, List } from "@mantine/core";
import { Link } from "react-router";
import type { PendingTask } from "~/domain/pending-tasks";

/** Spec §2 default layout: a top banner for broker pending tasks. */
export function PendingTasksBanner({ tasks }: { tasks: PendingTask[] }) {
  if (tasks.length === 0) return null;
  return (
    <Alert color="orange" mb="md" title="Pending tasks" data-testid="pending-tasks">
      <PendingTaskList tasks={tasks} size="sm" />
    </Alert>
  );
}

/** The pending tasks as links to where each is done (the banner and the dashboard). */
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
