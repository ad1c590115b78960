import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, data, useRouteLoaderData } from "react-router";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { TextareaField } from "~/components/forms/textarea-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { PlainTable } from "~/components/plain-table";
import { brokerNoteSchema } from "~/domain/admin/forms";
import { CONTRACT_STATE_LABELS } from "~/domain/admin/labels";
import { formatDate } from "~/domain/formats";
import { RTS_TONE_COLORS } from "~/domain/rts";
import { formatDateTimeUtc } from "~/domain/admin/times";
import { errorToasts, successToast } from "~/domain/toast";
import { syncedText } from "~/admin/sections/nipr_history/records";
import { syncProducer } from "~/admin/sections/nipr_history/section.server";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { redirectWithToast } from "~/.server/toast";
import { addBrokerNote } from "~/.server/upstream/admin";
import type { loader as brokerLoader } from "./admin.brokers.$id";
import type { Route } from "./+types/admin.brokers.$id._index";

/** A note an administrator keeps on the broker (staff only); or Sync now with NIPR (intent nipr_sync, issue 24 §8). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const probe = actionForm(request, context);
  const syncing = (await probe.read()).get("intent") === "nipr_sync";
  const form = actionForm(request, context, { schema: brokerNoteSchema, read: async () => probe.read() });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    if (syncing) {
      const sync = await syncProducer(viewer.token, id);
      const toast = sync.status === "failed" ? errorToasts(sync.failures) : [successToast(syncedText(sync.summary))];
      return redirectWithToast(`/admin/brokers/${id}`, toast);
    }
    const parsed = await form.parse(brokerNoteSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    await addBrokerNote(viewer.token, id, parsed.value.body);
    return redirectWithToast(`/admin/brokers/${id}`, [successToast("Note added.")]);
  });
}

function Facts({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="admin-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function BrokerSummary({ actionData }: Route.ComponentProps) {
  const loaded = useRouteLoaderData<typeof brokerLoader>("routes/admin.brokers.$id");
  const [form, fields] = usePortalForm(brokerNoteSchema, { lastResult: actionData, constraint: true });
  if (!loaded) return null;
  const { broker: b, notes } = loaded;
  const base = `/admin/brokers/${b.id}`;
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
      <Stack gap="md">
        {b.documentNotifications.length > 0 ? (
          <Alert color="orange" title="Documents need attention: contract requests are blocked">
            <Stack gap={4}>
              {b.documentNotifications.map((n) => (
                <Text size="sm" key={`${n.documentName}-${n.message}`}>
                  <strong>{n.documentName}</strong>: {n.message}
                </Text>
              ))}
              <Anchor component={Link} to={`${base}/documents`} size="sm">
                Review the documents
              </Anchor>
            </Stack>
          </Alert>
        ) : null}
        <Paper withBorder p="md" component="section" aria-labelledby="contact-title">
          <Title order={2} size="h4" id="contact-title" mb="sm">
            Contact and hierarchy
          </Title>
          <Facts
            rows={[
              ["E-mail", b.email],
              ["Phone", b.phone ?? "—"],
              ["NPN", b.npnNumber ?? "—"],
              ["Level", b.level ?? "—"],
              ["Agency", b.agency ?? "None"],
              ["Upline", b.upline ?? "None"],
            ]}
          />
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="contracts-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="contracts-title">
              Contracts
            </Title>
            <Anchor component={Link} to={`${base}/contracts`} size="sm">
              All contract requests
            </Anchor>
          </Group>
          <Group gap="xs">
            {(["active", "pending", "approved", "denied"] as const).map((state) => (
              <Badge key={state} variant="light" size="lg">
                {CONTRACT_STATE_LABELS[state]}: {b.contractCounts[state]}
              </Badge>
            ))}
          </Group>
          <Text size="sm" mt="sm">
            {b.documentsAwaitingReview > 0 ? (
              <Anchor component={Link} to={`${base}/documents`}>
                {b.documentsAwaitingReview === 1
                  ? "1 document awaits review"
                  : `${b.documentsAwaitingReview} documents await review`}
              </Anchor>
            ) : (
              "No document awaits review."
            )}
          </Text>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="licenses-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="licenses-title">
              Licenses
            </Title>
            <PortalForm>
              <input type="hidden" name="intent" value="nipr_sync" />
              <SubmitButton variant="default" size="xs">
                Sync now with NIPR
              </SubmitButton>
            </PortalForm>
          </Group>
          {b.licenses.length === 0 ? (
            <Text size="sm" c="dimmed">
              No licenses on file. They come from the agent&apos;s onboarding or the licensing record.
            </Text>
          ) : (
            <PlainTable
              aria-labelledby="licenses-title"
              rows={b.licenses}
              rowKey={(l) => `${l.state}-${l.licenseNumber}`}
              columns={[
                { header: "State", cell: (l) => l.state },
                { header: "Number", cell: (l) => l.licenseNumber },
                { header: "Type", cell: (l) => l.licenseType },
                { header: "Status", cell: (l) => l.status },
                { header: "Expires", cell: (l) => formatDate(l.expiresOn) },
              ]}
            />
          )}
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="rts-title">
          <Title order={2} size="h4" id="rts-title" mb="sm">
            Ready to Sell
          </Title>
          {b.rts.length === 0 ? (
            <Text size="sm" c="dimmed">
              No carrier has reported a Ready to Sell status for this agent yet.
            </Text>
          ) : (
            <PlainTable
              aria-labelledby="rts-title"
              rows={b.rts}
              rowKey={(r) => r.carrierName}
              columns={[
                { header: "Carrier", cell: (r) => r.carrierName },
                {
                  header: "Status",
                  cell: (r) => (
                    <Badge variant="light" color={RTS_TONE_COLORS[r.tone]}>
                      {r.displayStatus}
                    </Badge>
                  ),
                },
                { header: "Meaning", cell: (r) => r.statusTitle },
              ]}
            />
          )}
        </Paper>
      </Stack>
      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-labelledby="notes-title">
          <Title order={2} size="h4" id="notes-title" mb="sm">
            Notes
          </Title>
          <PortalForm form={form}>
            <Stack gap="xs">
              <FormAlert form={form} />
              <TextareaField
                field={fields.body}
                label="Add a note"
                description="Staff only: the agent never sees notes."
                autosize
                minRows={2}
              />
              <Group>
                <SubmitButton variant="light">Add note</SubmitButton>
              </Group>
            </Stack>
          </PortalForm>
          {notes.length === 0 ? (
            <Text size="sm" c="dimmed" mt="sm">
              No notes yet.
            </Text>
          ) : (
            <Stack gap="sm" component="ol" className="plain-list" mt="md" aria-label="Earlier notes">
              {notes.map((n) => (
                <li key={n.id}>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {n.body}
                  </Text>
                  <Text size="xs" c="dark.3">
                    {n.author} · {formatDateTimeUtc(n.at)}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
