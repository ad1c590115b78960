import { Anchor, Button, Card, Table } from "@mantine/core";
import { Link } from "react-router";
import { PlainBadge } from "./plain-badge";
import type { DownlineAgency, DownlineAgent } from "~/.server/upstream/schemas";
import { toggledOpen } from "~/domain/downlines";
import { RTS_TONE_COLORS } from "~/domain/rts";
import { withParam } from "~/domain/url";

/** The open blocks of the downline tree: each open agency's own agencies and agents, by npnId. */
export type Branches = Record<string, { agencies: DownlineAgency[]; agents: DownlineAgent[] }>;

/**
 * An RTS status's badge, coloured by the tone the admin area gives the status (app/domain/rts.ts). Plain
 * elements with classes here (issue 21), not Mantine's Group, Stack, Title, Text and Badge.
 */
function RtsBadge({ rts }: { rts: DownlineAgent["rtsStatus"] }) {
  return (
    <PlainBadge color={RTS_TONE_COLORS[rts.tone]} title={rts.description}>
      {rts.displayStatus}
    </PlainBadge>
  );
}

/** The agents of an agency (or of the tree's root), each with a link to their policies. */
export function AgentsTable({ agents, search }: { agents: DownlineAgent[]; search: string }) {
  if (agents.length === 0)
    return (
      <p className="txt" data-dimmed>
        No agents in this agency.
      </p>
    );
  return (
    // Scrolls inside itself on a phone instead of widening the page.
    <div className="table-scroll">
      <Table withTableBorder striped miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Advisor</Table.Th>
            <Table.Th scope="col">Writing #</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">RTS Status</Table.Th>
            <Table.Th scope="col">Active Policies</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {agents.map((agent) => (
            <Table.Tr key={agent.npnId}>
              <Table.Td>{agent.advisor}</Table.Td>
              <Table.Td>{agent.agentWritingNumber}</Table.Td>
              <Table.Td>{agent.status}</Table.Td>
              <Table.Td>
                <RtsBadge rts={agent.rtsStatus} />
                <p className="txt" data-size="xs" data-dimmed>
                  {agent.rtsStatus.description}
                </p>
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={withParam(search, "policies", String(agent.npnId))}
                  preventScrollReset
                  aria-label={`Policies of ${agent.advisor}: ${agent.activePolicyCount}`}
                >
                  {agent.activePolicyCount}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** An agency of the downline tree (spec §2 Downlines): its facts and, when open, its own downline. */
export function AgencyBlock({
  agency,
  branches,
  search,
  depth = 0,
}: {
  agency: DownlineAgency;
  branches: Branches;
  search: string;
  depth?: number;
}) {
  const branch = branches[String(agency.npnId)];
  const Heading = `h${Math.min(2 + depth, 6) as 2 | 3 | 4 | 5 | 6}` as const;
  return (
    <Card withBorder component="section" aria-labelledby={`agency-${agency.npnId}`} data-agency={agency.npnId}>
      <div className="l-row" data-justify="between" data-align="start">
        <div>
          <Heading className="heading" data-size="h4" id={`agency-${agency.npnId}`}>
            {agency.advisor}
          </Heading>
          <p className="txt" data-size="sm">
            {agency.level} · {agency.agentCount} agents ·{" "}
            <Anchor component={Link} to={withParam(search, "policies", String(agency.npnId))} preventScrollReset>
              {agency.activePolicyCount} active policies
            </Anchor>
          </p>
          <div className="l-row notification-facts" data-gap="xs">
            <RtsBadge rts={agency.rtsStatus} />
            <p className="txt" data-size="xs" data-dimmed>
              {agency.rtsStatus.description}
            </p>
          </div>
        </div>
        <Button
          component={Link}
          to={toggledOpen(search, agency.npnId) || "?"}
          variant="light"
          size="xs"
          preventScrollReset
          aria-expanded={Boolean(branch)}
        >
          {branch ? "Hide downline" : "Show downline"}
        </Button>
      </div>
      {branch ? (
        <div className="l-stack downline-branch" data-gap="sm">
          {branch.agencies.map((child) => (
            <AgencyBlock key={child.npnId} agency={child} branches={branches} search={search} depth={depth + 1} />
          ))}
          <AgentsTable agents={branch.agents} search={search} />
        </div>
      ) : null}
    </Card>
  );
}
