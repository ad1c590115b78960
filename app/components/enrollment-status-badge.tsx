import type { SubmittedEnrollment } from "~/.server/upstream/schemas";
import { StatusBadge } from "~/components/status-badge";

/** A submitted enrollment's status (the hub's latest and the submitted enrollments table), its colour the vocabulary's. */
export function EnrollmentStatusBadge({ status }: { status: SubmittedEnrollment["status"] }) {
  return <StatusBadge status={status} />;
}
