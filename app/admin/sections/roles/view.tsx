import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { ROLE_FLAG_KEYS, ROLE_FLAG_LABELS } from "~/domain/admin/labels";
import { formatDate } from "~/domain/formats";
import type { AdminRole } from "./records";

export const view: SectionView<AdminRole> = {
  key: "roles",
  title: "Roles",
  singular: "role",
  intro:
    "What each kind of user gets: whether they go through onboarding, are asked for direct deposit details, opt-out choices or a tax id. A change applies to every user of the role at once.",
  columns: [
    {
      key: "name",
      header: "Role",
      sortable: true,
      cell: (r) => (
        <Link className="anchor" to={`/admin/roles/${r.id}`}>
          {r.name}
        </Link>
      ),
    },
    { key: "kind", header: "Kind", sortable: true, cell: (r) => r.kind },
    {
      key: "flags",
      header: "Gets",
      cell: (r) => {
        const on = ROLE_FLAG_KEYS.filter((k) => r[k]).map((k) => ROLE_FLAG_LABELS[k].label);
        return on.length ? (
          on.join(", ")
        ) : (
          <p className="cell-line" data-size="sm" data-dimmed>
            Nothing extra
          </p>
        );
      },
    },
    {
      key: "userCount",
      header: "Users",
      sortable: true,
      noWrap: true,
      cell: (r) => (
        <Link className="anchor" to={`/admin/users?roleId=${r.id}`}>
          {r.userCount}
        </Link>
      ),
    },
  ],
  filters: [{ name: "kind", label: "Kind" }],
  linksRecord: true,
  rowLabel: (r) => r.name,
  canDelete: (r) => r.userCount === 0,
  bulk: {
    label: "Delete selected",
    confirmTitle: "Delete these roles?",
    confirmButton: "Delete",
    intro: "A role that still has users is kept: give its users another role first.",
    doneText: (done, chosen) => `${done} of ${chosen} roles deleted.`,
  },
  empty: "No roles yet. Create one with New role, then give it to users from their page.",
  noMatch: "No roles match this search or this kind.",
  recordTitle: (r) => r.name,
  recordFacts: (r) => [
    {
      label: "Users",
      value: (
        <Link className="anchor" to={`/admin/users?roleId=${r.id}`}>
          {r.userCount === 1 ? "1 user" : `${r.userCount} users`}
        </Link>
      ),
    },
    { label: "Last changed", value: formatDate(r.updatedAt) },
  ],
};
