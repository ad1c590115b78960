import { Text } from "@mantine/core";
import { formatDate } from "~/domain/formats";
import { licenseMark, sortLicensesByState } from "~/domain/licenses";
import type { License } from "~/.server/upstream/schemas";
import { type PlainColumn, PlainTable } from "./plain-table";

/**
 * The licenses on file (spec §3 profile.licenses), as onboarding's licenses step and the read-only basic
 * profile show them; `showStatus` adds the upstream's status column. `detailed` (the profile, issue 12) shows
 * every field of the licensing record, sorted by state, and marks a license expired or expiring within 60
 * days as of `today`.
 */
export function LicenseTable({
  licenses,
  showStatus = false,
  detailed,
  ...label
}: {
  licenses: readonly License[];
  showStatus?: boolean;
  detailed?: { today: string; warningDays?: number };
  "aria-label"?: string;
  "aria-labelledby"?: string;
}) {
  const columns: PlainColumn<License>[] = detailed
    ? [
        { header: "State", cell: (l) => l.state },
        { header: "Number", cell: (l) => l.licenseNumber },
        { header: "Class", cell: (l) => l.licenseClass ?? l.licenseType },
        {
          header: "Lines of authority",
          cell: (l) => (l.linesOfAuthority.length > 0 ? l.linesOfAuthority.join(", ") : l.licenseType),
        },
        { header: "Resident", cell: (l) => (l.resident === null ? "—" : l.resident ? "Resident" : "Non-resident") },
        { header: "Status", cell: (l) => l.status },
        { header: "Effective", cell: (l) => formatDate(l.effectiveOn) },
        {
          header: "Expires",
          cell: (l) => {
            const mark = licenseMark(l, detailed.today, detailed.warningDays);
            // Kept on one line: a badge squeezed by a narrow column would be cut off.
            return (
              <span style={{ whiteSpace: "nowrap" }}>
                {formatDate(l.expiresOn)}
                {mark ? (
                  <>
                    {" "}
                    <Text
                      span
                      size="sm"
                      fw={700}
                      c={mark === "Expired" ? "red.9" : "#8a4508"}
                      data-testid="license-mark"
                    >
                      ({mark})
                    </Text>
                  </>
                ) : null}
              </span>
            );
          },
        },
      ]
    : [
        { header: "State", cell: (l) => l.state },
        { header: "Type", cell: (l) => l.licenseType },
        { header: "Number", cell: (l) => l.licenseNumber },
        ...(showStatus ? [{ header: "Status", cell: (l: License) => l.status }] : []),
        { header: "Expires", cell: (l) => formatDate(l.expiresOn) },
      ];
  return (
    <PlainTable
      {...label}
      // The profile's eight columns do not fit a phone: each license is a block of its fields there, so its
      // status and expiry (an "Expired" mark above all) are read without scrolling sideways (issue 20).
      stackOnPhone={Boolean(detailed)}
      columns={columns}
      rows={detailed ? sortLicensesByState(licenses) : licenses}
      rowKey={(l) => l.id}
    />
  );
}
