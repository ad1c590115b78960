import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { Link, Outlet, useLocation } from "react-router";
import { UserStatusBadge } from "~/components/admin/user-status-badge";
import { ErrorPage } from "~/components/error-page";
import { idOr404 } from "~/.server/admin/guard";
import { loadWithViewer } from "~/.server/guards";
import { broker } from "~/.server/upstream/admin";
import type { Route } from "./+types/admin.brokers.$id";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.broker.name} · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { broker: { id: number; name: string } }) => [
    { label: "Users", to: "/admin/users" },
    { label: d.broker.name, to: `/admin/brokers/${d.broker.id}` },
  ],
};

/** A broker (an agent or an agency) as the admin area sees them (issue 14): the summary every sub-page shares. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  // An unknown id, or a user who is not a broker, is the upstream's 404: the page's 404.
  const [, found] = await loadWithViewer(request, context, async (token) => broker(token, id));
  return found;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

const TABS = [
  { label: "Summary", path: "" },
  { label: "Contracts", path: "/contracts" },
  { label: "Documents", path: "/documents" },
] as const;

export default function BrokerLayout({ loaderData }: Route.ComponentProps) {
  const { broker: b } = loaderData;
  const { pathname } = useLocation();
  const base = `/admin/brokers/${b.id}`;
  const current = pathname.startsWith(`${base}/contracts`)
    ? "/contracts"
    : pathname.startsWith(`${base}/documents`)
      ? "/documents"
      : "";
  return (
    <Stack gap="md">
      <div>
        <Group gap="sm" align="center">
          <Title order={1}>{b.name}</Title>
          <Badge variant="light" color="gray">
            {b.kind}
          </Badge>
          <UserStatusBadge status={b.status} />
        </Group>
        <Text c="dimmed" mt={4}>
          {[b.npnNumber ? `NPN ${b.npnNumber}` : null, b.level, b.email].filter(Boolean).join(" · ")}
        </Text>
      </div>
      <nav aria-label={`${b.name}'s pages`} className="broker-tabs">
        {TABS.map((tab) => (
          <Anchor
            key={tab.label}
            component={Link}
            to={`${base}${tab.path}`}
            aria-current={current === tab.path ? "page" : undefined}
          >
            {tab.label}
            {tab.path === "/documents" && b.documentsAwaitingReview > 0
              ? ` (${b.documentsAwaitingReview} to review)`
              : ""}
          </Anchor>
        ))}
        <Anchor component={Link} to={`/admin/users/${b.id}/edit`}>
          Account
        </Anchor>
      </nav>
      <Outlet />
    </Stack>
  );
}
