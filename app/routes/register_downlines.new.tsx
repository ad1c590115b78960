import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useMemo } from "react";
import { Form, Link, data, useNavigation } from "react-router";
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
  const [, list] = await loadWithViewer(request, context, (token) => invitations(token, new URLSearchParams({ perPage: "5" })));
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
  const navigation = useNavigation();
  const schema = useMemo(() => invitationSchema(loaderData.levels), [loaderData.levels]);
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Invite a downline</Title>
      <Paper withBorder p="md">
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="sm">
            {form.errors?.length ? (
              <Alert color="red" role="alert" id={form.errorId}>
                {form.errors.join(" ")}
              </Alert>
            ) : null}
            <TextInput {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} label="E-mail" error={fields.email.errors?.join(" ")} errorProps={{ id: fields.email.errorId }} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...getInputProps(fields.firstName, { type: "text" })} key={fields.firstName.key} label="First name" error={fields.firstName.errors?.join(" ")} errorProps={{ id: fields.firstName.errorId }} />
              <TextInput {...getInputProps(fields.lastName, { type: "text" })} key={fields.lastName.key} label="Last name" error={fields.lastName.errors?.join(" ")} errorProps={{ id: fields.lastName.errorId }} />
            </SimpleGrid>
            <NativeSelect
              name={fields.level.name}
              id={fields.level.id}
              key={fields.level.key}
              defaultValue={(fields.level.initialValue as string | undefined) ?? ""}
              label="Level"
              data={[{ value: "", label: "Choose a level" }, ...loaderData.levels]}
              error={fields.level.errors?.join(" ")}
              errorProps={{ id: fields.level.errorId }}
            />
            <Group>
              <Button type="submit" loading={navigation.state === "submitting"}>
                Send invitation
              </Button>
              <Button component={Link} to="/register_downlines" variant="default">
                Cancel
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}
