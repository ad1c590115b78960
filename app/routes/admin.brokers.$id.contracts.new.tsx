import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { TextareaField } from "~/components/forms/textarea-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { newContractRequestSchema } from "~/domain/admin/forms";
import { successToast } from "~/domain/toast";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { openContractRequest } from "~/.server/upstream/admin";
import { productCarriers, products } from "~/.server/upstream/contracting";
import type { Route } from "./+types/admin.brokers.$id.contracts.new";

export const handle = {
  crumbs: (d: { id: number }) => [
    { label: "Contracts", to: `/admin/brokers/${d.id}/contracts` },
    { label: "Open a contract request" },
  ],
};

/** Every carrier product, grouped by product: the products, then each product's carriers (started together). */
async function carrierProductOptions(token: string) {
  const list = await products(token);
  const perProduct = await Promise.all(list.map(async (p) => productCarriers(token, p.id)));
  return list.flatMap((p, i) =>
    (perProduct[i] ?? []).map((c) => ({ value: String(c.carrierProductId), label: `${p.name}: ${c.carrierName}` })),
  );
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, options] = await loadWithViewer(request, context, async (token) => carrierProductOptions(token));
  return { id, options };
}

/** A pending request on the broker's behalf (the upstream refuses one that exists, whatever its state). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const form = actionForm(request, context, { schema: newContractRequestSchema });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    const parsed = await form.parse(newContractRequestSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    const created = await openContractRequest(viewer.token, { brokerId: id, ...parsed.value });
    return redirectWithToast(`/admin/brokers/${id}/contracts/${created.id}`, [
      successToast("Contract request opened. It waits on the contracting desk as pending."),
    ]);
  });
}

export default function NewBrokerContract({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = usePortalForm(newContractRequestSchema, { lastResult: actionData, constraint: true });
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={2}>Open a contract request</Title>
        <Text c="dimmed" mt={4}>
          On the agent&apos;s behalf: it joins the contracting desk as pending, and the agent sees “Pending contract” on
          their Contract Now card.
        </Text>
      </div>
      <Paper withBorder p="md">
        <PortalForm form={form}>
          <Stack gap="sm">
            <FormAlert form={form} />
            <SelectField
              field={fields.carrierProductId}
              label="Carrier product"
              data={[{ value: "", label: "Choose a carrier product" }, ...loaderData.options]}
            />
            <TextareaField
              field={fields.internalNote}
              label="Internal note"
              description="Staff only"
              autosize
              minRows={2}
            />
            <Group>
              <SubmitButton>Open the request</SubmitButton>
              <Button component={Link} to={`/admin/brokers/${loaderData.id}/contracts`} variant="default">
                Cancel
              </Button>
            </Group>
          </Stack>
        </PortalForm>
      </Paper>
    </Stack>
  );
}
