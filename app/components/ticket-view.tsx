import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { TextareaField } from "~/components/forms/textarea-field";
import { uploadLabel } from "~/domain/uploads";
import { formatDate } from "~/domain/formats";
import { ticketReplySchema } from "~/domain/tickets";
import type { Ticket } from "~/.server/upstream/schemas";

const STATUS_COLOR: Record<string, string> = { Open: "blue", Answered: "green", Closed: "gray" };

export function TicketStatus({ status }: { status: string }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status] ?? "gray"}>
      {status}
    </Badge>
  );
}

/**
 * One ticket: its conversation and a reply form (multipart, works without JavaScript); the owner may
 * close it. Replies from support or the carrier are marked as such.
 */
export function TicketView({
  ticket,
  action,
  closeHref,
  canClose,
  lastResult,
}: {
  ticket: Ticket;
  action: string;
  closeHref: string;
  canClose: boolean;
  lastResult: FormResult;
}) {
  const [form, fields] = usePortalForm(ticketReplySchema, { lastResult });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ticket-title">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div>
          <Title order={2} size="h3" id="ticket-title">
            {ticket.subject}
          </Title>
          <Group gap="xs">
            <TicketStatus status={ticket.status} />
            <Text size="sm" c="dimmed">
              {ticket.category}
              {ticket.reference ? ` · ${ticket.reference}` : ""}
              {ticket.carrierName ? ` · ${ticket.carrierName}` : ""} · opened {formatDate(ticket.createdAt)} by{" "}
              {ticket.ownerName}
            </Text>
          </Group>
        </div>
        <Button component={Link} to={closeHref} variant="default" size="xs" preventScrollReset>
          Back to the list
        </Button>
      </Group>
      <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Conversation">
        {ticket.messages.map((m) => (
          <Paper key={m.id} component="li" p="sm" bg={m.fromStaff ? "blue.0" : "gray.0"}>
            <Text size="sm" fw={600}>
              {m.author}
              {m.fromStaff ? " (reply)" : ""} · {formatDate(m.createdAt)}
            </Text>
            <Text style={{ whiteSpace: "pre-wrap" }}>{m.body}</Text>
            {m.attachment ? (
              <Text size="sm" c="dimmed">
                Attachment: {m.attachment.name}
              </Text>
            ) : null}
          </Paper>
        ))}
      </Stack>
      {ticket.status === "Closed" ? (
        <Text mt="sm" c="dimmed">
          This ticket is closed.
        </Text>
      ) : (
        <PortalForm form={form} action={action} encType="multipart/form-data">
          <input type="hidden" name="ticketId" value={ticket.id} />
          <Stack gap="xs" mt="md">
            <FormAlert form={form} />
            <TextareaField field={fields.message} label="Your reply" autosize minRows={3} />
            <FileField field={fields.attachment} label={uploadLabel("Attachment", { optional: true })} />
            <Group>
              <SubmitButton name="intent" value="reply">
                Send reply
              </SubmitButton>
              {canClose ? (
                <SubmitButton name="intent" value="close" variant="default" formNoValidate>
                  Close ticket
                </SubmitButton>
              ) : null}
            </Group>
          </Stack>
        </PortalForm>
      )}
    </Paper>
  );
}
