import { USER_STATUS_LABELS } from "~/domain/admin/labels";
import type { AdminUser } from "~/admin/sections/users/records";
import { Tag } from "./tag";

const STATUS_COLOR: Record<AdminUser["status"], "green" | "yellow" | "orange" | "gray"> = {
  active: "green",
  pending: "yellow",
  unverified: "orange",
  disabled: "gray",
};

/** A user's account status as a tag: apart from the section views, so a broker's pages do not load them all. */
export function UserStatusBadge({ status }: { status: AdminUser["status"] }) {
  return <Tag color={STATUS_COLOR[status]}>{USER_STATUS_LABELS[status]}</Tag>;
}
