import { Anchor } from "@mantine/core";
import { Link } from "react-router";

export const EMAIL_BASE = "/admin/email_communications";

const PAGES = [
  { to: EMAIL_BASE, label: "Templates" },
  { to: `${EMAIL_BASE}/log`, label: "Sent e-mails" },
  { to: `${EMAIL_BASE}/message`, label: "Message users" },
] as const;

/** The section's three pages as tabs (plain links): the templates, the log of what was sent, the composer. */
export function EmailNav({ current }: { current: (typeof PAGES)[number]["label"] }) {
  return (
    <nav aria-label="E-mail communications" className="section-tabs">
      {PAGES.map((p) => (
        <Anchor key={p.to} component={Link} to={p.to} aria-current={p.label === current ? "page" : undefined}>
          {p.label}
        </Anchor>
      ))}
    </nav>
  );
}
