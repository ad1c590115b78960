import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, Badge, Button, Group, Input, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { FilesKeptMarker } from "./files-kept-marker";
import { formatDate } from "~/domain/formats";
import { ticketReplySchema } from "~/domain/tickets";
import { ACCEPTED_UPLOAD_TYPES } from "~/domain/uploads";
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
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ticketReplySchema }),
  });
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
              {ticket.carrierName ? ` · ${ticket.carrierName}` : ""} · opened {formatDate(ticket.createdAt)} by {ticket.ownerName}
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
        <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)}>
          <input type="hidden" name="ticketId" value={ticket.id} />
          <FilesKeptMarker />
          <Stack gap="xs" mt="md">
            {form.errors?.length ? (
              <Alert color="red" role="alert" id={form.errorId}>
                {form.errors.join(" ")}
              </Alert>
            ) : null}
            <Textarea
              {...getInputProps(fields.message, { type: "text" })}
              key={fields.message.key}
              label="Your reply"
              autosize
              minRows={3}
              error={fields.message.errors?.join(" ")}
              errorProps={{ id: fields.message.errorId }}
            />
            <Input.Wrapper label="Attachment (optional, image or PDF up to 10 MB)" labelProps={{ htmlFor: fields.attachment.id }} error={fields.attachment.errors?.join(" ")} errorProps={{ id: fields.attachment.errorId }}>
              <input type="file" name={fields.attachment.name} id={fields.attachment.id} accept={ACCEPTED_UPLOAD_TYPES} className="file-input" />
            </Input.Wrapper>
            <Group>
              <Button type="submit" name="intent" value="reply" loading={navigation.state === "submitting"}>
                Send reply
              </Button>
              {canClose ? (
                <Button type="submit" name="intent" value="close" variant="default" formNoValidate>
                  Close ticket
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Form>
      )}
    </Paper>
  );
}
