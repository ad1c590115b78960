import { Button, Group, Paper, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { SubmitButton } from "~/components/forms/form";
import type { FormResult } from "~/components/forms/use-portal-form";
import { formatDate } from "~/domain/formats";
import type { Ticket } from "~/.server/upstream/schemas";
import { ConversationMessages, ReplyForm } from "./conversation";
import { StatusBadge } from "~/components/status-badge";

export function TicketStatus({ status }: { status: string }) {
  return <StatusBadge status={status} />;
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
      <ConversationMessages messages={ticket.messages} />
      {ticket.status === "Closed" ? (
        <Text mt="sm" c="dimmed">
          This ticket is closed.
        </Text>
      ) : (
        <ReplyForm
          action={action}
          hidden={{ ticketId: ticket.id }}
          lastResult={lastResult}
          buttons={
            canClose ? (
              <SubmitButton name="intent" value="close" variant="default" formNoValidate>
                Close ticket
              </SubmitButton>
            ) : null
          }
        />
      )}
    </Paper>
  );
}
