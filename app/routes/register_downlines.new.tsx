import { Button, Group, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { useMemo } from "react";
import { Link, data } from "react-router";
import { EmailField, TextField } from "~/components/forms/text-fields";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { invitationSchema } from "~/domain/invitation";
import { successToast } from "~/domain/toast";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { invitations, invite } from "~/.server/upstream/invitations";
import type { Route } from "./+types/register_downlines.new";

export function meta() {
  return [{ title: "Invite a downline" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // The levels come with the list (one small page of it).
  const [, list] = await loadWithViewer(request, context, async (token) =>
    invitations(token, new URLSearchParams({ perPage: "5" })),
  );
  return { levels: list.levels };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The upstream's reason (already invited, already has an account) or its fault at the form; nothing typed is lost.
  const form = actionForm(request, context, { schema: invitationSchema([]) });
  return form.answer(async () => {
    const viewer = await requireViewer(request, context);
    await form.read();
    const { levels } = await invitations(viewer.token, new URLSearchParams({ perPage: "5" }));
    const parsed = await form.parse(invitationSchema(levels));
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    const sent = await invite(viewer.token, parsed.value);
    return redirectWithToast("/register_downlines", [successToast(`Invitation sent to ${sent.email}`)]);
  });
}

export default function InviteDownline({ loaderData, actionData }: Route.ComponentProps) {
  const schema = useMemo(() => invitationSchema(loaderData.levels), [loaderData.levels]);
  const [form, fields] = usePortalForm(schema, { lastResult: actionData });
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Invite a downline</Title>
      <Paper withBorder p="md">
        <PortalForm form={form}>
          <Stack gap="sm">
            <FormAlert form={form} />
            <EmailField field={fields.email} label="E-mail" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField field={fields.firstName} label="First name" />
              <TextField field={fields.lastName} label="Last name" />
            </SimpleGrid>
            <SelectField
              field={fields.level}
              label="Level"
              data={[{ value: "", label: "Choose a level" }, ...loaderData.levels]}
            />
            <Group>
              <SubmitButton>Send invitation</SubmitButton>
              <Button component={Link} to="/register_downlines" variant="default">
                Cancel
              </Button>
            </Group>
          </Stack>
        </PortalForm>
      </Paper>
    </Stack>
  );
}
