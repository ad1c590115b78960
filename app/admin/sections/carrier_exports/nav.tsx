import { Anchor } from "@mantine/core";
import { Link } from "react-router";

export const EXPORTS_BASE = "/admin/carrier_exports";

const PAGES = [
  { to: EXPORTS_BASE, label: "History" },
  { to: `${EXPORTS_BASE}/new`, label: "Build now" },
  { to: `${EXPORTS_BASE}/schedules`, label: "Schedules" },
] as const;

/** The section's pages as tabs (plain links): the files built, "Build now", the carriers' schedules. */
export function ExportsNav({ current }: { current: (typeof PAGES)[number]["label"] }) {
  return (
    <nav aria-label="Carrier exports" className="section-tabs">
      {PAGES.map((p) => (
        <Anchor key={p.to} component={Link} to={p.to} aria-current={p.label === current ? "page" : undefined}>
          {p.label}
        </Anchor>
      ))}
    </nav>
  );
}
