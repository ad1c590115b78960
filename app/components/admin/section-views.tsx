import { Group, Paper, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { PortalForm, SubmitButton } from "~/components/forms/form";
import { ROLE_FLAG_KEYS, ROLE_FLAG_LABELS } from "~/domain/admin/labels";
import type { AdminContractRequest, AdminRole, AdminRtsStatus, AdminUser } from "~/domain/admin/records";
import { StateAndBall, waitingText } from "./contract-badges";
import { Tag } from "./tag";
import { UserStatusBadge } from "./user-status-badge";

export { UserStatusBadge };
import { type SectionKey, viewPath } from "~/domain/admin/shapes";
import { lastSignInText, licenseCountText, nextExpiryText } from "~/domain/admin/users";
import { formatDate } from "~/domain/formats";
import { RTS_TONE_COLORS, RTS_TONE_LABELS } from "~/domain/rts";
import type { BulkDef, SectionView } from "./section-view";
import { view as emailCommunications } from "~/admin/sections/email_communications/view";

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

const users: SectionView<AdminUser> = {
  key: "users",
  title: "Users",
  singular: "user",
  intro:
    "Everyone who signs in to the portal: brokers, agencies, carrier staff and administrators. Find a user by name, e-mail or NPN.",
  stack: true,
  columns: [
    {
      key: "lastName",
      header: "Name",
      sortable: true,
      noWrap: true,
      cell: (u) => (
        <Link className="anchor" to={viewPath("users", u.id)}>
          {fullName(u)}
        </Link>
      ),
    },
    { key: "email", header: "E-mail", sortable: true, cell: (u) => u.email },
    { key: "npnNumber", header: "NPN", noWrap: true, cell: (u) => u.npnNumber ?? "—" },
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
      cell: (u) => <span className="admin-agency">{u.hierarchy.agency ?? "—"}</span>,
    },
    {
      key: "lastSignInAt",
      header: "Last sign-in",
      sortable: true,
      noWrap: true,
      cell: (u) => lastSignInText(u.lastSignInAt),
    },
    {
      key: "licenses",
      header: "Licenses",
      sortable: true,
      noWrap: true,
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
    { key: "appointments", header: "Appointments", sortable: true, noWrap: true, cell: (u) => u.appointments },
    { key: "createdAt", header: "Created", sortable: true, noWrap: true, cell: (u) => formatDate(u.createdAt) },
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
          Broker page
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
    { label: "E-mail", value: u.email },
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
            label: "Broker",
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

const roles: SectionView<AdminRole> = {
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

const rtsStatuses: SectionView<AdminRtsStatus> = {
  key: "rts_statuses",
  title: "RTS statuses",
  singular: "RTS status",
  intro:
    "The Ready to Sell statuses the downlines pages show per carrier: whether an agent may market, enroll and be paid for a carrier's plans.",
  columns: [
    {
      key: "statusCode",
      header: "Code",
      sortable: true,
      noWrap: true,
      cell: (s) => (
        <Link className="anchor" to={`/admin/rts_statuses/${s.id}`}>
          {s.statusCode}
        </Link>
      ),
    },
    { key: "statusTitle", header: "Title", sortable: true, cell: (s) => s.statusTitle },
    {
      key: "displayStatus",
      header: "Badge",
      noWrap: true,
      cell: (s) => <Tag color={RTS_TONE_COLORS[s.tone]}>{s.displayStatus}</Tag>,
    },
    { key: "carrier", header: "Carrier", sortable: true, cell: (s) => s.carrier?.name ?? "Every carrier" },
    { key: "usageCount", header: "In use", sortable: true, noWrap: true, cell: (s) => s.usageCount },
  ],
  filters: [{ name: "carrierId", label: "Carrier" }],
  rowLabel: (s) => `${s.statusCode} (${s.carrier?.name ?? "every carrier"})`,
  canDelete: (s) => s.usageCount === 0,
  bulk: {
    label: "Delete selected",
    confirmTitle: "Delete these RTS statuses?",
    confirmButton: "Delete",
    intro: "A status that downline contracts still show is kept.",
    doneText: (done, chosen) => `${done} of ${chosen} RTS statuses deleted.`,
  },
  empty: "No RTS statuses yet. Create one with New RTS status for each carrier's Ready to Sell states.",
  noMatch: "No RTS statuses match this search or this carrier.",
  recordTitle: (s) => `${s.statusCode}: ${s.statusTitle}`,
  recordFacts: (s) => [
    { label: "Badge", value: <Tag color={RTS_TONE_COLORS[s.tone]}>{s.displayStatus}</Tag> },
    { label: "Badge color", value: RTS_TONE_LABELS[s.tone] },
    { label: "Carrier", value: s.carrier?.name ?? "Every carrier" },
    {
      label: "In use",
      value: s.usageCount === 1 ? "1 downline contract" : `${s.usageCount} downline contracts`,
    },
  ],
};

const contracting: SectionView<AdminContractRequest> = {
  key: "contracting",
  title: "Contracting desk",
  singular: "contract request",
  intro:
    "Every contract request in one queue, with how long it has waited in its state and who has to act next: the broker, our staff, or the carrier.",
  // Every column matters to the desk (how long, whose ball): cards on a phone rather than a sideways scroll.
  stack: true,
  columns: [
    {
      key: "broker",
      header: "Broker",
      sortable: true,
      cell: (r) => (
        <Link className="anchor" to={`/admin/brokers/${r.broker.id}`}>
          {r.broker.name}
        </Link>
      ),
    },
    // The state and who has the ball, second: whole in view on a phone before the table is scrolled.
    { key: "state", header: "State and ball", noWrap: true, cell: (r) => <StateAndBall request={r} /> },
    { key: "waiting", header: "In state", sortable: true, noWrap: true, cell: (r) => waitingText(r.waitingDays) },
    {
      key: "carrier",
      header: "Carrier and product",
      sortable: true,
      cell: (r) => (
        <>
          {r.carrierName}
          <p className="cell-line" data-size="xs" data-tone="dark-3">
            {r.productName}
          </p>
        </>
      ),
    },
    { key: "requestedAt", header: "Requested", sortable: true, noWrap: true, cell: (r) => formatDate(r.requestedAt) },
  ],
  filters: [
    { name: "state", label: "State" },
    { name: "carrierId", label: "Carrier" },
    { name: "productId", label: "Product" },
    { name: "age", label: "In state" },
  ],
  rowLabel: (r) => `${r.broker.name}: ${r.carrierName} ${r.productName}`,
  editLabel: "Review",
  bulk: {
    label: "Move selected",
    confirmTitle: "Move these requests?",
    confirmButton: "Move",
    intro: "Each request moves only if its state allows it; a public note is what the brokers will see.",
    doneText: (done, chosen) => `${done} of ${chosen} requests moved.`,
    fields: [
      {
        name: "state",
        label: "New state",
        kind: "select",
        options: [
          { value: "approved", label: "Approved (sent to the carrier)" },
          { value: "denied", label: "Denied" },
          { value: "pending", label: "Pending (reopen)" },
        ],
      },
      {
        name: "publicNote",
        label: "Note to the brokers",
        kind: "textarea",
        description: "They see it on their contract card. Needed to deny.",
      },
      { name: "internalNote", label: "Internal note", kind: "textarea", description: "Staff only" },
    ],
  },
  empty:
    "No contract requests yet. Brokers request contracts from Contract Now; you can open one from a broker's page.",
  noMatch: "No contract requests match this search or these filters.",
  recordTitle: (r) => `${r.broker.name}: ${r.carrierName}`,
};

/** Every built section's view, by key. */
export const SECTION_VIEWS: { [K in SectionKey]: SectionView<{ id: number }> } = {
  users: users as unknown as SectionView<{ id: number }>,
  roles: roles as unknown as SectionView<{ id: number }>,
  rts_statuses: rtsStatuses as unknown as SectionView<{ id: number }>,
  contracting: contracting as unknown as SectionView<{ id: number }>,
  email_communications: emailCommunications as unknown as SectionView<{ id: number }>,
};
