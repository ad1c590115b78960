import { USER_STATUS_LABELS } from "~/domain/admin/labels";
import type { AdminUser } from "~/admin/sections/users/records";
import { StatusBadge } from "~/components/status-badge";

/** A user's account status as a tag: apart from the section views, so a broker's pages do not load them all. */
export function UserStatusBadge({ status }: { status: AdminUser["status"] }) {
  return <StatusBadge status={USER_STATUS_LABELS[status]} />;
}
