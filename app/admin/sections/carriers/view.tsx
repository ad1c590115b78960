import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { StatusBadge } from "~/components/status-badge";
import { formatDate } from "~/domain/formats";
import type { AdminCarrier } from "./records";

export const view: SectionView<AdminCarrier> = {
  key: "carriers",
  title: "Carriers",
  singular: "carrier",
  intro:
    "Every carrier with its products, and per product what agents read in Contract Now and the Learning Center. An inactive carrier is gone from both; its contracts stay.",
  stack: true,
  columns: [
    {
      key: "name",
      header: "Carrier",
      sortable: true,
      cell: (c) => (
        <Link className="anchor" to={`/admin/carriers/${c.id}`}>
          {c.name}
        </Link>
      ),
    },
    {
      key: "active",
      header: "Status",
      noWrap: true,
      cell: (c) => <StatusBadge status={c.active ? "Active" : "Inactive"} />,
    },
    {
      key: "products",
      header: "Products",
      sortable: true,
      cell: (c) => c.products.map((p) => p.productName).join(", ") || "None",
    },
    {
      key: "activeContracts",
      header: "Active contracts",
      sortable: true,
      noWrap: true,
      cell: (c) => c.activeContracts,
    },
    {
      key: "updatedAt",
      header: "Last change",
      sortable: true,
      noWrap: true,
      cell: (c) => (c.updatedAt ? formatDate(c.updatedAt) : "Never"),
    },
  ],
  filters: [
    { name: "active", label: "Status" },
    { name: "productId", label: "Product" },
  ],
  linksRecord: true,
  rowLabel: (c) => c.name,
  empty: "No carriers yet.",
  noMatch: "No carriers match this search, status or product.",
  editLabel: "Open",
  recordTitle: (c) => c.name,
};
