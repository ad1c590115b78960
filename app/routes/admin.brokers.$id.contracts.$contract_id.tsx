import { Stack, Title } from "@mantine/core";

import { ContractReview } from "~/components/admin/contract-review";
import { revalidateWhenStale } from "~/components/forms/version-field";
import { idOr404, notFound } from "~/.server/admin/guard";
import { transitionAction } from "~/.server/admin/contract-requests";
import { loadWithViewer } from "~/.server/guards";
import { contractRequest } from "~/.server/upstream/admin";
import { labelHistory } from "~/domain/admin/history-labels";
import type { Route } from "./+types/admin.brokers.$id.contracts.$contract_id";

export const handle = {
  crumbs: (d: { id: number; title: string }) => [
    { label: "Contracts", to: `/admin/brokers/${d.id}/contracts` },
    { label: d.title },
  ],
};

function ids(params: { id?: string; contract_id?: string }) {
  return { id: idOr404(params.id), contractId: idOr404(params.contract_id) };
}

/** One contract of the broker (another broker's request under this URL is the 404 page). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { id, contractId } = ids(params);
  const [, loaded] = await loadWithViewer(request, context, async (token) => contractRequest(token, contractId));
  if (loaded.record.broker.id !== id) notFound();
  const found = { ...loaded, history: labelHistory(loaded.history) };
  return { id, found, title: `${found.record.carrierName} · ${found.record.productName}` };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { id, contractId } = ids(params);
  return transitionAction(request, context, contractId, `/admin/brokers/${id}/contracts/${contractId}`, {
    brokerId: id,
  });
}

/** A stale move (409) draws the request again: the page shows what it is now (issue 35 §2). */
export const shouldRevalidate = revalidateWhenStale;

export default function BrokerContract({ loaderData, actionData }: Route.ComponentProps) {
  const { found, title } = loaderData;
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <ContractReview
        request={found.record}
        legalAnswers={found.legalAnswers}
        history={found.history}
        fileHref={(fileId) => `/admin/contracting/edit/${found.record.id}/files/${fileId}`}
        lastResult={actionData}
      />
    </Stack>
  );
}
