import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { StatusBadge } from "~/components/status-badge";
import { formatDate } from "~/domain/formats";
import type { AdminQuoteToolProvider } from "./records";

const ROLE_LABELS = { Agent: "Agents", Agency: "Agencies", Admin: "Administrators", Carrier: "Carrier staff" } as const;
const rolesText = (p: AdminQuoteToolProvider) => p.roles.map((r) => ROLE_LABELS[r]).join(", ") || "Administrators only";

export const view: SectionView<AdminQuoteToolProvider> = {
  key: "quote_tool_providers",
  title: "Quote tool providers",
  singular: "provider",
  intro:
    "The quote and enrollment tools behind the Quote Tool: where it signs users in, its test site, who may use it, and whether it is on. Secrets are kept by the server and never shown.",
  columns: [
    {
      key: "name",
      header: "Name",
      sortable: true,
      cell: (p) => (
        <Link className="anchor" to={`/admin/quote_tool_providers/${p.id}`}>
          {p.name}
        </Link>
      ),
    },
    {
      key: "enabled",
      header: "Status",
      sortable: true,
      noWrap: true,
      cell: (p) => <StatusBadge status={p.enabled ? "Enabled" : "Disabled"} />,
    },
    { key: "roles", header: "Who may use it", cell: (p) => rolesText(p) },
    { key: "testSite", header: "Test site", noWrap: true, cell: (p) => (p.testSiteUrl ? "Yes" : "None") },
    { key: "secret", header: "Secret", noWrap: true, cell: (p) => (p.hasSecret ? "Set" : "Not set") },
    { key: "updatedAt", header: "Updated", sortable: true, noWrap: true, cell: (p) => formatDate(p.updatedAt) },
  ],
  stack: true,
  filters: [
    { name: "enabled", label: "Status" },
    { name: "role", label: "Role" },
  ],
  linksRecord: true,
  rowLabel: (p) => p.name,
  canDelete: () => true,
  empty: "No providers yet: the quote tool is turned off. Add one with New provider.",
  noMatch: "No providers match this search or these filters.",
  recordTitle: (p) => p.name,
  recordFacts: (p) => [
    { label: "Status", value: <StatusBadge status={p.enabled ? "Enabled" : "Disabled"} /> },
    { label: "Sign-on secret", value: p.hasSecret ? "Set" : "Not set" },
    { label: "Who may use it", value: rolesText(p) },
    { label: "Updated", value: formatDate(p.updatedAt) },
  ],
};
