import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link, redirect } from "react-router";
import { ContractReview } from "~/components/admin/contract-review";
import { ErrorPage } from "~/components/error-page";
import { idOr404 } from "~/.server/admin/guard";
import { transitionAction } from "~/.server/admin/contract-requests";
import { loadWithViewer } from "~/.server/guards";
import { contractRequest } from "~/.server/upstream/admin";
import { upstreamStatus } from "~/.server/upstream-failure";
import { labelHistory } from "~/domain/admin/history-labels";
import type { Route } from "./+types/admin.contracting.edit";
import { revalidateWhenStale } from "~/components/forms/version-field";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.found ? `${loaderData.title} · Contracting desk` : "Contracting desk · Admin" }];
}

export const handle = {
  crumbs: (d: { title: string | null }) => [
    { label: "Contracting desk", to: "/admin/contracting" },
    { label: d.title ?? "Next waiting request" },
  ],
};

/**
 * One request of the desk; without an id, the longest-waiting pending one (its own URL), or a page saying that
 * nothing waits.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = params.id === undefined ? "next" : idOr404(params.id);
  if (id === "next") {
    const [, next] = await loadWithViewer(request, context, async (token) =>
      contractRequest(token, "next").catch((error: unknown) => {
        if (upstreamStatus(error) === 404) return null;
        throw error;
      }),
    );
    if (next) throw redirect(`/admin/contracting/edit/${next.record.id}`);
    return { found: null, title: null };
  }
  const [, loaded] = await loadWithViewer(request, context, async (token) => contractRequest(token, id));
  const found = { ...loaded, history: labelHistory(loaded.history) };
  return { found, title: `${found.record.broker.name}: ${found.record.carrierName} ${found.record.productName}` };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const url = new URL(request.url);
  return transitionAction(request, context, id, `${url.pathname}${url.search}`);
}

/** A stale move (409) draws the request again: the page shows what it is now (issue 35 §2). */
export const shouldRevalidate = revalidateWhenStale;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function ContractingEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { found, title } = loaderData;
  if (!found) {
    return (
      <Stack gap="md">
        <Title order={1}>Nothing is waiting</Title>
        <Text>
          No contract request is pending review. New requests appear on the contracting desk as agents send them.
        </Text>
        <Group>
          <Button component={Link} to="/admin/contracting">
            Open the contracting desk
          </Button>
        </Group>
      </Stack>
    );
  }
  const { record } = found;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        <Anchor component={Link} to="/admin/contracting/edit">
          Next waiting request
        </Anchor>
      </Group>
      <ContractReview
        request={record}
        legalAnswers={found.legalAnswers}
        history={found.history}
        fileHref={(fileId) => `/admin/contracting/edit/${record.id}/files/${fileId}`}
        lastResult={actionData}
      />
    </Stack>
  );
}
