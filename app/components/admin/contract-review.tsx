import { Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { DateField } from "~/components/forms/date-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { VersionField } from "~/components/forms/version-field";
import { transitionSchema } from "~/domain/admin/forms";
import { CONTRACT_MOVES, CONTRACT_STATE_LABELS } from "~/domain/admin/labels";
import type { AuditEntry } from "~/domain/admin/records";
import type { AdminContractRequest } from "~/admin/sections/contracting/records";
import { formatDate } from "~/domain/formats";
import { formatDuration } from "~/domain/admin/times";
import { BallBadge, ContractStateBadge, waitingText } from "./contract-badges";
import { History } from "./history";

export interface LegalAnswerView {
  questionText: string;
  hasOccurred: boolean;
  actionOn: string | null;
  action: string | null;
  reason: string | null;
  explanation: string | null;
  file: { id: number; name: string; size: number } | null;
}

/**
 * The state change: the moves the request's state allows, the notes, and what making it active needs. No state
 * is chosen beforehand: a move is always the reviewer's own choice (the schema refuses none at the field).
 */
function TransitionForm({ request, lastResult }: { request: AdminContractRequest; lastResult: FormResult }) {
  const moves = CONTRACT_MOVES[request.state];
  const [form, fields] = usePortalForm(transitionSchema, {
    lastResult,
    constraint: true,
    defaultValue: {
      writingNumber: request.writingNumber ?? "",
      internalNote: request.internalNote ?? "",
    },
  });
  if (moves.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The contract is active: nothing is left to decide. Writing number {request.writingNumber ?? "—"}, effective{" "}
        {formatDate(request.effectiveDate)}.
      </Text>
    );
  }
  return (
    <PortalForm form={form}>
      <Stack gap="sm">
        <FormAlert form={form} />
        <VersionField version={request.version} field={fields.version} />
        <SelectField
          field={fields.state}
          label="New state"
          data={[
            { value: "", label: "Choose the new state" },
            ...moves.map((m) => ({ value: m, label: CONTRACT_STATE_LABELS[m] })),
          ]}
        />
        <TextareaField
          field={fields.publicNote}
          label="Note to the agent"
          description="The agent sees it on their contract card. Needed to deny."
          autosize
          minRows={2}
        />
        <TextareaField
          field={fields.internalNote}
          label="Internal note"
          description="Staff only"
          autosize
          minRows={2}
        />
        {moves.includes("active") ? (
          <Group grow align="flex-start" wrap="wrap">
            <TextField
              field={fields.writingNumber}
              label="Writing number"
              description="From the carrier; needed to make it active"
            />
            <DateField field={fields.effectiveDate} label="Effective date" />
          </Group>
        ) : null}
        <Group>
          <SubmitButton>Move the request</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}

/**
 * One contract request as the contracting desk and the broker's contracts page review it (issue 14): its state,
 * who has the ball and for how long, the time spent in each state, the broker's legal answers with their files,
 * the state change with a public and an internal note, and its history.
 */
export function ContractReview({
  request,
  legalAnswers,
  history,
  fileHref,
  lastResult,
}: {
  request: AdminContractRequest;
  legalAnswers: LegalAnswerView[];
  history: AuditEntry[];
  fileHref: (fileId: number) => string;
  lastResult: FormResult;
}) {
  return (
    <div className="admin-record">
      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-labelledby="request-state-title">
          <Title order={2} size="h4" id="request-state-title" mb="sm">
            Where it stands
          </Title>
          <dl className="admin-facts">
            <div>
              <dt>State</dt>
              <dd>
                <ContractStateBadge state={request.state} /> for {waitingText(request.waitingDays)}
              </dd>
            </div>
            <div>
              <dt>Ball with</dt>
              <dd>
                <BallBadge ball={request.ballWith} />
              </dd>
            </div>
            <div>
              <dt>Agent</dt>
              <dd>
                <Anchor component={Link} to={`/admin/brokers/${request.broker.id}`}>
                  {request.broker.name}
                </Anchor>
                {request.broker.npnNumber ? ` · NPN ${request.broker.npnNumber}` : ""}
              </dd>
            </div>
            <div>
              <dt>Requested</dt>
              <dd>{formatDate(request.requestedAt)}</dd>
            </div>
            {request.states ? (
              <div>
                <dt>States covered</dt>
                <dd>{request.states.length > 0 ? request.states.join(", ") : "None on file"}</dd>
              </div>
            ) : null}
            <div>
              <dt>Note the agent sees</dt>
              <dd>{request.lastPublicNote ?? "—"}</dd>
            </div>
            <div>
              <dt>Internal note</dt>
              <dd>{request.internalNote ?? "—"}</dd>
            </div>
            {request.writingNumber ? (
              <div>
                <dt>Writing number</dt>
                <dd>{request.writingNumber}</dd>
              </div>
            ) : null}
            {request.effectiveDate ? (
              <div>
                <dt>Effective</dt>
                <dd>{formatDate(request.effectiveDate)}</dd>
              </div>
            ) : null}
          </dl>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="request-move-title">
          <Title order={2} size="h4" id="request-move-title" mb="sm">
            Change the state
          </Title>
          <TransitionForm key={`${request.state}-${history.length}`} request={request} lastResult={lastResult} />
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="legal-title">
          <Title order={2} size="h4" id="legal-title" mb="sm">
            The agent&apos;s legal answers
          </Title>
          {legalAnswers.length === 0 ? (
            <Text size="sm" c="dimmed">
              The agent has not answered this product&apos;s legal questions yet.
            </Text>
          ) : (
            <Stack gap="sm" component="ol" className="plain-list">
              {legalAnswers.map((a) => (
                <li key={a.questionText}>
                  <Text size="sm" fw={600}>
                    {a.questionText}
                  </Text>
                  <Text size="sm">{a.hasOccurred ? "Yes" : "No"}</Text>
                  {a.hasOccurred ? (
                    <Text size="sm" c="dark.4">
                      {[a.actionOn ? `On ${formatDate(a.actionOn)}` : null, a.action, a.reason, a.explanation]
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                  ) : null}
                  {a.file ? (
                    <Anchor href={fileHref(a.file.id)} size="sm" download>
                      Download {a.file.name}
                    </Anchor>
                  ) : null}
                </li>
              ))}
            </Stack>
          )}
        </Paper>
      </Stack>
      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-labelledby="time-title">
          <Title order={2} size="h4" id="time-title" mb="sm">
            Time in each state
          </Title>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">Time</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {request.timeInStates.map((t, index) => (
                <Table.Tr key={`${t.state}-${index}`}>
                  <Table.Td>{CONTRACT_STATE_LABELS[t.state]}</Table.Td>
                  <Table.Td>{formatDuration(t.seconds)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <History entries={history} />
      </Stack>
    </div>
  );
}
