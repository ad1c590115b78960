import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { formatDate } from "~/domain/formats";
import { EmailNav } from "./nav";
import type { EmailTemplate } from "./records";

/**
 * E-mail communications' first page (issue 22 §2.5): every e-mail the portal sends, as a template to edit; the
 * section's other pages (the log, the composer) are tabs above it.
 */
export const view: SectionView<EmailTemplate> = {
  key: "email_communications",
  title: "E-mail communications",
  singular: "template",
  intro:
    "Every e-mail the portal sends, as a template: its subject and text, with placeholders filled for each recipient. Open one to edit it, preview it for a user, or send yourself a test.",
  nav: <EmailNav current="Templates" />,
  columns: [
    {
      key: "name",
      header: "E-mail",
      sortable: true,
      cell: (t) => (
        <>
          <Link className="anchor" to={`/admin/email_communications/${t.id}`}>
            {t.name}
          </Link>
          <span className="email-failure">{t.description}</span>
        </>
      ),
    },
    { key: "subject", header: "Subject", cell: (t) => t.subject },
    { key: "sentLast30Days", header: "Sent (30 days)", sortable: true, noWrap: true, cell: (t) => t.sentLast30Days },
    { key: "updatedAt", header: "Updated", sortable: true, noWrap: true, cell: (t) => formatDate(t.updatedAt) },
  ],
  filters: [],
  linksRecord: true,
  rowLabel: (t) => t.name,
  empty: "No templates: the upstream lists every e-mail the portal sends.",
  noMatch: "No template matches this search.",
  recordTitle: (t) => t.name,
};
