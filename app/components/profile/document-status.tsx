import { Badge, Group, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { DOCUMENT_STATUS_LABELS, type DocumentStatus, documentStatus } from "~/domain/documents";
import { formatDate } from "~/domain/formats";
import type { ComplianceDocument } from "~/.server/upstream/schemas/profile-details";

const STATUS_COLORS: Record<DocumentStatus, string> = {
  valid: "green",
  expiring: "yellow",
  expired: "red",
  missing: "gray",
  rejected: "red",
};

/**
 * The alert icon of spec §2/§8 ("… find this icon next to any documentation that requires your attention"):
 * the one the menu shows, named for screen readers.
 */
export function DocumentAlertIcon() {
  return (
    <IconAlertTriangle
      size={18}
      color="var(--mantine-color-red-8)"
      aria-label="Needs your attention"
      role="img"
      data-testid="document-flag"
    />
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
        <Badge color={STATUS_COLORS[status]} variant="light" data-testid="document-status">
          {DOCUMENT_STATUS_LABELS[status]}
        </Badge>
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
