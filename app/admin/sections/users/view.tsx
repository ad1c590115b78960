import { EmailAddress } from "~/components/email-address";
import { Group, Paper, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { PortalForm, SubmitButton } from "~/components/forms/form";
import type { BulkDef, SectionView } from "~/components/admin/section-view";
import { UserStatusBadge } from "~/components/admin/user-status-badge";
import { viewPathOf } from "~/domain/admin/section-shape";
import { shape } from "./shape";
import { lastSignInText, licenseCountText, nextExpiryText } from "~/domain/admin/users";
import { formatDate } from "~/domain/formats";
import type { AdminUser } from "./records";

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;
const isBroker = (u: AdminUser) => u.role.kind === "Agent" || u.role.kind === "Agency";

/** "Sign in as" (spec §6: admins may impersonate): a plain form to the admin home's action. */
function SignInAs({ user, button = false }: { user: AdminUser; button?: boolean }) {
  if (user.status !== "active" || user.role.kind === "Admin") return null;
  return (
    <PortalForm action="/admin?index" className={button ? undefined : "row-menu-form"}>
      <input type="hidden" name="email" value={user.email} />
      {button ? (
        <SubmitButton variant="default" aria-label={`Sign in as ${fullName(user)}`}>
          Sign in as
        </SubmitButton>
      ) : (
        // A plain button in the row menu: one per row, as light as the menu's links.
        <button type="submit" className="row-menu-button" aria-label={`Sign in as ${fullName(user)}`}>
          Sign in as
        </button>
      )}
    </PortalForm>
  );
}

/** The record page's account actions: a password reset (or a new activation link), and signing in as the user. */
function UserAccess({ user }: { user: AdminUser }) {
  const pending = user.status === "pending";
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-access-title">
      <Title order={2} size="h4" id="user-access-title" mb="xs">
        Sign-in
      </Title>
      {user.status === "disabled" ? (
        <Text size="sm" c="dimmed">
          The account is disabled: enable it (Status: Active) before sending a link.
        </Text>
      ) : (
        <PortalForm>
          <input type="hidden" name="intent" value="password_reset" />
          <Text size="sm" mb="xs">
            {pending
              ? "The user has not chosen a password yet. Send a new activation link (valid 7 days)."
              : "E-mail the user a link to choose a new password (valid 1 hour)."}
          </Text>
          <SubmitButton variant="light">{pending ? "Send activation link" : "Send password reset"}</SubmitButton>
        </PortalForm>
      )}
      {user.status === "active" && user.role.kind !== "Admin" ? (
        <Group mt="sm">
          <SignInAs user={user} button />
        </Group>
      ) : null}
    </Paper>
  );
}

/** Bulk actions' confirmations that change users one by one (each in the user's history). */
const usersBulkMore = {
  enable: {
    label: "Enable selected",
    confirmTitle: "Enable these users?",
    confirmButton: "Enable",
    intro:
      "Disabled users become active and can sign in again. Accounts still waiting for activation are left as they are.",
    doneText: (done: number, chosen: number) => `${done} of ${chosen} users enabled.`,
  },
  role: {
    label: "Change role",
    confirmTitle: "Change the role of these users?",
    confirmButton: "Change role",
    intro: "Each user gets the new role's menu and flags at their next page.",
    doneText: (done: number, chosen: number) => `${done} of ${chosen} users given the new role.`,
    fields: [{ name: "roleId", label: "New role", kind: "select", options: { facet: "roleId" } }],
  },
} as const satisfies Record<string, BulkDef>;

export const view: SectionView<AdminUser> = {
  key: "users",
  title: "Users",
  singular: "user",
  intro:
    "Everyone who signs in to the portal: agents, agencies, carrier staff and administrators. Find a user by name, e-mail or NPN.",
  stack: true,
  columns: [
    {
      key: "lastName",
      header: "Name",
      sortable: true,
      noWrap: true,
      cell: (u) => (
        <Link className="anchor" to={viewPathOf("users", shape, u.id)}>
          {fullName(u)}
        </Link>
      ),
    },
    { key: "email", header: "E-mail", sortable: true, cell: (u) => <EmailAddress email={u.email} /> },
    // From xl only (issue 37 §2: ten rows fit a 1280 px laptop); the user's page shows every one of them.
    { key: "npnNumber", header: "NPN", noWrap: true, visibleFrom: "xl", cell: (u) => u.npnNumber ?? "—" },
    { key: "role", header: "Role", sortable: true, cell: (u) => u.role.name },
    {
      key: "status",
      header: "Status",
      sortable: true,
      noWrap: true,
      cell: (u) => <UserStatusBadge status={u.status} />,
    },
    // An agency's name wraps onto two lines at most (the column keeps room for it), never one word a line.
    {
      key: "agency",
      header: "Agency",
      visibleFrom: "xl",
      cell: (u) => <span className="admin-agency">{u.hierarchy.agency ?? "—"}</span>,
    },
    {
      key: "lastSignInAt",
      header: "Last sign-in",
      sortable: true,
      noWrap: true,
      visibleFrom: "xl",
      cell: (u) => lastSignInText(u.lastSignInAt),
    },
    {
      key: "licenses",
      header: "Licenses",
      sortable: true,
      cell: (u) => {
        const next = nextExpiryText(u.licenses);
        // One element: a stacked row's cell is one line "Licenses  …".
        return (
          <span>
            <span data-expired={u.licenses.expired > 0 || undefined} className="admin-licenses">
              {licenseCountText(u.licenses)}
            </span>
            {next ? <span className="admin-cell-note">{next}</span> : null}
          </span>
        );
      },
    },
    {
      key: "appointments",
      header: "Appointments",
      sortable: true,
      noWrap: true,
      visibleFrom: "xl",
      cell: (u) => u.appointments,
    },
    {
      key: "createdAt",
      header: "Created",
      sortable: true,
      noWrap: true,
      visibleFrom: "xl",
      cell: (u) => formatDate(u.createdAt),
    },
  ],
  filters: [
    { name: "roleId", label: "Role" },
    { name: "status", label: "Status" },
    { name: "agencyId", label: "Agency" },
    { name: "documents", label: "Documents" },
  ],
  rowLabel: fullName,
  rowMore: (u) => (
    <>
      {isBroker(u) ? (
        <Link className="anchor" to={`/admin/brokers/${u.id}`}>
          Agent's page
        </Link>
      ) : null}
      <SignInAs user={u} />
    </>
  ),
  bulk: {
    label: "Disable selected",
    confirmTitle: "Disable these users?",
    confirmButton: "Disable",
    intro: "They are signed out everywhere at once and cannot sign in until an administrator enables them again.",
    doneText: (done, chosen) => `${done} of ${chosen} users disabled.`,
  },
  bulkMore: usersBulkMore,
  empty: "No users yet. Create the first one with New user: they get an e-mail to choose their password.",
  noMatch: "No users match this search or these filters.",
  recordTitle: fullName,
  recordActions: (u) => <UserAccess user={u} />,
  recordFacts: (u) => [
    { label: "Status", value: <UserStatusBadge status={u.status} /> },
    { label: "Role", value: `${u.role.name} (${u.role.kind})` },
    { label: "E-mail", value: <EmailAddress email={u.email} /> },
    { label: "Phone", value: u.phone ?? "—" },
    { label: "NPN", value: u.npnNumber ?? "—" },
    { label: "Agency", value: u.hierarchy.agency ?? "None" },
    { label: "Upline", value: u.hierarchy.upline },
    { label: "Last sign-in", value: lastSignInText(u.lastSignInAt) },
    {
      label: "Licenses",
      value: [licenseCountText(u.licenses), nextExpiryText(u.licenses)].filter(Boolean).join(" · "),
    },
    { label: "Appointments", value: u.appointments === 1 ? "1 active contract" : `${u.appointments} active contracts` },
    { label: "Quote tool access", value: u.sunfireAccess ? "Yes" : "No" },
    { label: "Created", value: formatDate(u.createdAt) },
    ...(isBroker(u)
      ? [
          {
            label: "Agent's page",
            value: (
              <Link className="anchor" to={`/admin/brokers/${u.id}`}>
                Contracts, documents and notes
              </Link>
            ),
          },
        ]
      : []),
  ],
};
