import { Button, Group, List, Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PortalForm, type PortalFormProps, SubmitButton } from "~/components/forms/form";

/**
 * A confirmation drawn by the page itself (a URL opens it, so it works without JavaScript): what will be done to
 * which records, a form that does it, and Cancel back to the URL without the confirmation. Used by the admin lists'
 * deletes and bulk actions and by Register Downlines' withdrawal.
 */
export function ConfirmPanel({
  title,
  intro,
  items,
  action,
  hidden,
  confirmLabel,
  cancelHref,
  danger = true,
  form,
  children,
}: {
  title: string;
  intro?: ReactNode;
  items: string[];
  action: string;
  /** The form's hidden fields (intent, ids). */
  hidden: Array<[string, string]>;
  confirmLabel: string;
  cancelHref: string;
  danger?: boolean;
  /** The form's conform metadata, when it has fields of its own (usePortalForm). */
  form?: PortalFormProps["form"];
  /** More fields of the form (a note). */
  children?: ReactNode;
}) {
  const titleId = `confirm-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Paper withBorder p="md" bg={danger ? "red.0" : "blue.0"} role="alertdialog" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="xs">
        {title}
      </Title>
      {intro ? (
        <Text size="sm" mb="xs">
          {intro}
        </Text>
      ) : null}
      <List mb="sm">
        {items.map((item, i) => (
          <List.Item key={`${i}-${item}`}>{item}</List.Item>
        ))}
      </List>
      <PortalForm action={action} form={form}>
        {hidden.map(([name, value]) => (
          <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
        ))}
        {children}
        <Group mt="sm">
          <SubmitButton color={danger ? "red" : undefined}>{confirmLabel}</SubmitButton>
          <Button component={Link} to={cancelHref} variant="default">
            Cancel
          </Button>
        </Group>
      </PortalForm>
    </Paper>
  );
}
