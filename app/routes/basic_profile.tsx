import { Card, Table, Stack, Text, Title } from "@mantine/core";
import { LicenseTable } from "~/components/license-table";
import { ChangePasswordSection } from "~/components/profile/change-password";
import { fullName, levelLabel } from "~/domain/user";
import { requireViewer } from "~/.server/guards";
import type { Route } from "./+types/basic_profile";

export function meta() {
  return [{ title: "User Profile" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, profile } = await requireViewer(request, context);
  const broker = user.role === "Agent" || user.role === "Agency";
  const rows: Array<[string, string]> = [
    ["Name", fullName(user)],
    ["E-mail", user.email],
    ["Role", user.role],
    ...(broker
      ? ([
          ["Level", levelLabel(user)],
          ["NPN", user.npnNumber ?? "—"],
        ] as Array<[string, string]>)
      : []),
  ];
  return {
    rows,
    licenses: profile?.licenses ?? [],
    broker,
    email: user.email,
    impersonating: user.returnToUserId !== null,
  };
}

/** The signed-in user's own details, read-only. */
export default function BasicProfile({ loaderData }: Route.ComponentProps) {
  return (
    <Stack gap="lg">
      <Title order={1}>User Profile</Title>
      <Card withBorder>
        <div className="table-scroll">
          <Table variant="vertical" withTableBorder={false} aria-label="Your details">
            <Table.Tbody>
              {loaderData.rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={160}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Card>
      {loaderData.broker ? (
        <section aria-labelledby="licenses-title">
          <Title order={2} size="h3" id="licenses-title" mb="xs">
            Licenses
          </Title>
          {loaderData.licenses.length === 0 ? (
            <Text c="dimmed">No licenses on file.</Text>
          ) : (
            <LicenseTable aria-labelledby="licenses-title" licenses={loaderData.licenses} showStatus />
          )}
        </section>
      ) : null}
      {loaderData.impersonating ? null : (
        <ChangePasswordSection email={loaderData.email} lastResult={undefined} returnTo="/basic_profile" />
      )}
    </Stack>
  );
}
