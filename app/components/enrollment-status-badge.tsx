import { Badge } from "@mantine/core";
import type { SubmittedEnrollment } from "~/.server/upstream/schemas";

const STATUS_COLOR: Record<SubmittedEnrollment["status"], string> = {
  Submitted: "blue",
  "Pending carrier review": "orange",
  Enrolled: "green",
  Rejected: "red",
  Canceled: "gray",
};

/** A submitted enrollment's status (the hub's latest and the submitted enrollments table), never cut off. */
export function EnrollmentStatusBadge({ status }: { status: SubmittedEnrollment["status"] }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} style={{ textTransform: "none", minWidth: "max-content" }}>
      {status}
    </Badge>
  );
}
