import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { documentReviewSchema } from "~/domain/admin/forms";
import type { AdminDocument } from "~/domain/admin/records";
import { formatDate } from "~/domain/formats";
import { successToast } from "~/domain/toast";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { brokerDocuments, reviewBrokerDocument } from "~/.server/upstream/admin";
import type { Route } from "./+types/admin.brokers.$id.documents";
import { StatusBadge } from "~/components/status-badge";
import type { StatusLabel } from "~/domain/statuses";

export const handle = { crumbs: () => [{ label: "Documents" }] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, found] = await loadWithViewer(request, context, async (token) => brokerDocuments(token, id));
  return { id, documents: found.documents };
}

/**
 * Approve a document, or reject it with the note the broker sees: the upstream then creates (or clears) the
 * broker's document notification, which the broker's alert icon and contract requests follow.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const form = actionForm(request, context, { schema: documentReviewSchema });
  return form.answer(
    async () => {
      const viewer = await requireAdmin(request, context);
      const parsed = await form.parse(documentReviewSchema);
      if (parsed.status !== "success") {
        const kind = (await form.read()).get("kind");
        return data({ kind: typeof kind === "string" ? kind : null, result: parsed.reply() }, { status: 400 });
      }
      const { kind, ...body } = parsed.value;
      const reviewed = await reviewBrokerDocument(viewer.token, id, kind, body);
      return redirectWithToast(`/admin/brokers/${id}/documents`, [
        successToast(
          body.decision === "approve"
            ? `${reviewed.name} approved.`
            : `${reviewed.name} rejected. The agent sees your note and cannot request contracts until it is replaced.`,
        ),
      ]);
    },
    async (failure) => {
      const kind = (await form.read().catch(() => null))?.get("kind");
      return data({ kind: typeof kind === "string" ? kind : null, result: failure.result }, { status: failure.status });
    },
  );
}

const REVIEW: Record<AdminDocument["review"], { label: StatusLabel }> = {
  pending: { label: "Awaiting review" },
  accepted: { label: "Approved" },
  rejected: { label: "Rejected" },
  expired: { label: "Expired" },
};

function DocumentCard({
  brokerId: id,
  doc,
  lastResult,
}: {
  brokerId: number;
  doc: AdminDocument;
  lastResult: FormResult;
}) {
  const [form, fields] = usePortalForm(documentReviewSchema, {
    id: `review-${doc.kind}`,
    lastResult,
    constraint: true,
  });
  const review = REVIEW[doc.review];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`doc-${doc.kind}`}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} size="h4" id={`doc-${doc.kind}`}>
          {doc.name}
        </Title>
        <StatusBadge status={review.label} />
      </Group>
      <Text size="sm">
        <Anchor href={`/admin/brokers/${id}/documents/${doc.kind}/file`} download>
          {doc.file.name}
        </Anchor>{" "}
        · uploaded {formatDate(doc.uploadedAt)}
        {doc.expiresOn ? ` · expires ${formatDate(doc.expiresOn)}` : ""}
      </Text>
      {doc.reviewerNote ? (
        <Text size="sm" mt={4}>
          Note to the agent: {doc.reviewerNote}
        </Text>
      ) : null}
      <PortalForm form={form}>
        <input type="hidden" name="kind" value={doc.kind} />
        <Stack gap="xs" mt="sm">
          <FormAlert form={form} />
          <TextareaField
            field={fields.note}
            label="Note to the agent"
            description="Needed to reject: what they must fix. They see it on their profile."
            autosize
            minRows={2}
          />
          <Group gap="xs">
            {doc.review !== "accepted" ? (
              <SubmitButton name="decision" value="approve" variant="light" color="green">
                Approve
              </SubmitButton>
            ) : null}
            <SubmitButton name="decision" value="reject" variant="light" color="red">
              Reject
            </SubmitButton>
          </Group>
        </Stack>
      </PortalForm>
    </Paper>
  );
}

export default function BrokerDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { id, documents } = loaderData;
  const answered = actionData as { kind: string | null; result: FormResult } | undefined;
  if (documents.length === 0) {
    return (
      <Text c="dimmed">
        The agent has not uploaded any document yet. They upload their E&amp;O, W-9 and others from their profile or
        onboarding; each then waits here for review.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {documents.map((doc) => (
        <DocumentCard
          key={doc.kind}
          brokerId={id}
          doc={doc}
          lastResult={answered?.kind === doc.kind ? answered.result : undefined}
        />
      ))}
    </SimpleGrid>
  );
}
