import { Badge } from "@mantine/core";
import type { SubmittedEnrollment } from "~/.server/upstream/schemas";

/** Each status's colour (the submitted enrollments table draws it as a CellBadge). */
export const ENROLLMENT_STATUS_COLORS: Record<
  SubmittedEnrollment["status"],
  "blue" | "orange" | "green" | "red" | "gray"
> = {
  Submitted: "blue",
  "Pending carrier review": "orange",
  Enrolled: "green",
  Rejected: "red",
  Canceled: "gray",
};

/** A submitted enrollment's status (the hub's latest and the submitted enrollments table), never cut off. */
export function EnrollmentStatusBadge({ status }: { status: SubmittedEnrollment["status"] }) {
  return (
    <Badge
      variant="light"
      color={ENROLLMENT_STATUS_COLORS[status]}
      style={{ textTransform: "none", minWidth: "max-content" }}
    >
      {status}
    </Badge>
  );
}
