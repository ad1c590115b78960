import { formatDate } from "~/domain/formats";
import type { License } from "~/.server/upstream/schemas";
import { PlainTable } from "./plain-table";

/**
 * The licenses on file (spec §3 profile.licenses), as onboarding's licenses step and the read-only basic
 * profile show them; `showStatus` adds the upstream's status column.
 */
export function LicenseTable({
  licenses,
  showStatus = false,
  ...label
}: {
  licenses: readonly License[];
  showStatus?: boolean;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}) {
  return (
    <PlainTable
      {...label}
      columns={[
        { header: "State", cell: (l) => l.state },
        { header: "Type", cell: (l) => l.licenseType },
        { header: "Number", cell: (l) => l.licenseNumber },
        ...(showStatus ? [{ header: "Status", cell: (l: License) => l.status }] : []),
        { header: "Expires", cell: (l) => formatDate(l.expiresOn) },
      ]}
      rows={licenses}
      rowKey={(l) => l.id}
    />
  );
}
