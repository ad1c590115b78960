import { Alert, Anchor, Badge, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { PlainTable } from "~/components/plain-table";
import { CONTRACT_NOW_HREF } from "~/domain/menu";
import { formatDate } from "~/domain/formats";
import { contractStateText, type ContractState } from "~/domain/contract-state";
import { READY_TO_SELL_HREF } from "~/domain/readiness";
import { loadWithViewer } from "~/.server/guards";
import { contractingStatuses } from "~/.server/upstream/contracting";
import type { Route } from "./+types/contracts";

export function meta() {
  return [{ title: "My Contracts" }];
}

const ORDER: ContractState[] = ["active", "approved", "pending", "denied"];
const HEADINGS: Record<string, string> = {
  active: "Active",
  approved: "Approved: request being processed",
  pending: "Pending",
  denied: "Denied",
};
const COLORS: Record<string, string> = { active: "green", approved: "blue", pending: "orange", denied: "red" };

/** /contracts and /contracts_pending: the user's contracts by state (spec §2, §4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [, statuses] = await loadWithViewer(request, context, contractingStatuses);
  const groups = ORDER.map((state) => ({
    state,
    entries: statuses[state as keyof typeof statuses].map((e) => ({
      id: e.id,
      carrierName: e.carrierName,
      productName: e.productName,
      // 'View Contract' is a button in the dialog; here the row itself is the contract.
      text: state === "active" ? "Active" : contractStateText(state, e.lastPublicNote),
      updatedAt: formatDate(e.updatedAt),
    })),
  }));
  return { groups, total: groups.reduce((n, g) => n + g.entries.length, 0) };
}

export default function Contracts({ loaderData }: Route.ComponentProps) {
  return (
    <Stack gap="lg">
      <Title order={1}>My Contracts</Title>
      <Text>
        Which carrier products can you sell today, and what is left for the others?{" "}
        <Anchor component={Link} to={READY_TO_SELL_HREF}>
          See Ready to Sell
        </Anchor>
      </Text>
      {loaderData.total === 0 ? (
        <Alert color="blue" title="No contracts yet">
          You have no contracts or contract requests yet.{" "}
          <Anchor component={Link} to={CONTRACT_NOW_HREF}>
            Contract Now
          </Anchor>{" "}
          to request your first one.
        </Alert>
      ) : (
        loaderData.groups
          .filter((g) => g.entries.length > 0)
          .map((group) => (
            <section key={group.state} aria-labelledby={`contracts-${group.state}`}>
              <Title order={2} size="h3" id={`contracts-${group.state}`} mb="xs">
                {HEADINGS[group.state]}{" "}
                <Badge color={COLORS[group.state]} variant="light">
                  {group.entries.length}
                </Badge>
              </Title>
              <PlainTable
                striped
                columns={[
                  { header: "Carrier", cell: (e) => e.carrierName },
                  { header: "Product", cell: (e) => e.productName },
                  { header: "Status", cell: (e) => e.text },
                  { header: "Updated", cell: (e) => e.updatedAt },
                ]}
                rows={group.entries}
                rowKey={(e) => e.id}
              />
            </section>
          ))
      )}
      <Text size="sm" c="dimmed">
        Want to work with another carrier?{" "}
        <Anchor component={Link} to={CONTRACT_NOW_HREF}>
          Contract Now
        </Anchor>
      </Text>
    </Stack>
  );
}
