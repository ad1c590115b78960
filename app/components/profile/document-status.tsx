import { Group, Text } from "@mantine/core";
import { DOCUMENT_STATUS_LABELS, documentStatus } from "~/domain/compliance-documents";
import { formatDate } from "~/domain/formats";
import type { ComplianceDocument } from "~/.server/upstream/schemas/profile-details";
import { StatusBadge } from "~/components/status-badge";

/**
 * The alert icon of spec §2/§8 ("… find this icon next to any documentation that requires your attention"):
 * the menu's (Tabler's alert-triangle), drawn here as plain SVG, so the profile's pages do not split the icon
 * out of the layout's bundle (decision 019).
 */
export function DocumentAlertIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="var(--mantine-color-red-8)"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label="Needs your attention"
      data-testid="document-flag"
    >
      <path d="M12 9v4" />
      <path d="M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0" />
      <path d="M12 16h.01" />
    </svg>
  );
}

/** A document's status (issue 12: valid, expiring, expired, missing, rejected with the reviewer's note). */
export function DocumentStatusLine({
  document,
  flagged,
  today,
}: {
  document: ComplianceDocument;
  flagged: boolean;
  today: string;
}) {
  const status = documentStatus(document, today);
  return (
    <div>
      <Group gap="xs" wrap="wrap">
        {flagged ? <DocumentAlertIcon /> : null}
        <StatusBadge status={DOCUMENT_STATUS_LABELS[status]} testId="document-status" />
        {document.expiresOn ? (
          <Text size="sm">
            {status === "expired" ? "Expired" : "Expires"} {formatDate(document.expiresOn)}
          </Text>
        ) : null}
      </Group>
      {status === "rejected" && document.reviewerNote ? (
        <Text size="sm" c="red.8" mt={4}>
          Reviewer&apos;s note: {document.reviewerNote}
        </Text>
      ) : null}
    </div>
  );
}
