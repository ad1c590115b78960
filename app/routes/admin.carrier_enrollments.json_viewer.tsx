import { Alert, Button, CopyButton, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { useHydrated } from "~/components/forms/hydrated-field";
import { formatDate } from "~/domain/formats";
import { idOr404 } from "~/.server/admin/guard";
import { loadWithViewer } from "~/.server/guards";
import { JsonTree } from "~/admin/sections/carrier_enrollments/json-tree";
import { MAX_RAW_SHOWN, payloadTree } from "~/admin/sections/carrier_enrollments/payload-tree";
import { carrierEnrollment, carrierEnrollmentPayload } from "~/admin/sections/carrier_enrollments/section.server";
import type { Route } from "./+types/admin.carrier_enrollments.json_viewer";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Raw payload of ${loaderData.confirmationNumber} · Admin` : "Raw payload · Admin" }];
}

export const handle = {
  crumbs: (d: { id: number; confirmationNumber: string }) => [
    { label: "Carrier enrollments", to: "/admin/carrier_enrollments" },
    { label: `Enrollment ${d.confirmationNumber}`, to: `/admin/carrier_enrollments/${d.id}` },
    { label: "Raw payload" },
  ],
};

/**
 * An enrollment record's raw payload as the carrier sent it (spec §2 carrier_enrollments/modal/json_viewer?id=N, issue
 * 24 §3): a tree of nested <details> that opens and closes without JavaScript (bounded: payload-tree.ts), the raw text
 * in a <pre> to select (or, when large, to download), and Copy once the page runs JavaScript. Its own page: the URL
 * works alone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = idOr404(new URL(request.url).searchParams.get("id") ?? undefined);
  const [, [payload, found]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([carrierEnrollmentPayload(token, id), carrierEnrollment(token, id)]),
  );
  const raw = payload.payload;
  return {
    id,
    confirmationNumber: payload.confirmationNumber,
    carrierName: payload.carrierName,
    receivedAt: found.record.receivedAt,
    bytes: found.record.payloadBytes,
    tree: payloadTree(raw),
    raw: raw.length <= MAX_RAW_SHOWN ? raw : null,
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function JsonViewer({ loaderData }: Route.ComponentProps) {
  const { id, confirmationNumber, carrierName, receivedAt, bytes, tree, raw } = loaderData;
  const hydrated = useHydrated();
  const download = `/admin/carrier_enrollments/${id}/payload`;
  return (
    <Stack gap="md">
      <Title order={1}>Raw payload of enrollment {confirmationNumber}</Title>
      <Text>
        As {carrierName} sent it on {formatDate(receivedAt)}: {bytes.toLocaleString("en-US")} bytes, stored verbatim.{" "}
        <Link className="anchor" to={`/admin/carrier_enrollments/${id}`}>
          Back to the enrollment
        </Link>
      </Text>
      <Group gap="sm">
        {hydrated && raw !== null ? (
          <CopyButton value={raw}>
            {({ copied, copy }) => (
              <Button onClick={copy} variant={copied ? "light" : "default"} color={copied ? "green" : undefined}>
                {copied ? "Copied" : "Copy the raw text"}
              </Button>
            )}
          </CopyButton>
        ) : null}
        <Button component="a" href={download} download variant="default">
          Download the raw text
        </Button>
      </Group>
      <Paper withBorder p="md" component="section" aria-labelledby="tree-heading">
        <Title order={2} size="h3" id="tree-heading" mb="xs">
          Tree
        </Title>
        {tree.ok ? (
          <>
            {tree.truncated ? (
              <Text size="sm" mb="xs">
                Parts of this payload are too large or too deep to draw here: the raw text has all of it.
              </Text>
            ) : null}
            <JsonTree root={tree.root} />
          </>
        ) : (
          <Alert color="yellow" variant="light">
            {tree.reason}
          </Alert>
        )}
      </Paper>
      <section aria-labelledby="raw-heading">
        <Title order={2} size="h3" id="raw-heading" mb="xs">
          Raw text
        </Title>
        {raw !== null ? (
          <pre className="json-raw" aria-labelledby="raw-heading">
            {raw}
          </pre>
        ) : (
          <Text>Too large to show here: download the raw text.</Text>
        )}
      </section>
    </Stack>
  );
}
