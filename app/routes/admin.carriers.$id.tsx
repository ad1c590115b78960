import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { History } from "~/components/admin/history";
import { SectionForm } from "~/components/admin/section-form";
import { ErrorPage } from "~/components/error-page";
import type { FormResult } from "~/components/forms/use-portal-form";
import { carrierResourceHref } from "~/domain/learning-center";
import { labelHistory, labelsOf } from "~/domain/admin/history-labels";
import { toUsDate } from "~/domain/validation";
import { successToast } from "~/domain/toast";
import { idOr404, notFound, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { carrierFields, resourceFields } from "~/admin/sections/carriers/record-form";
import { carrierRecordSchema, carrierSchema } from "~/admin/sections/carriers/schemas";
import { CARRIER_RESOURCE_FIELDS, type CarrierResourceFields } from "~/admin/sections/carriers/records";
import { carrierRecord, saveCarrier, saveCarrierResource } from "~/admin/sections/carriers/section.server";
import type { Route } from "./+types/admin.carriers.$id";
import { StatusBadge } from "~/components/status-badge";

/** The history names the carrier's and its resources' fields as their forms do. */
const HISTORY_LABELS = labelsOf([...carrierFields, ...resourceFields]);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.record.name} · Carriers · Admin` : "Carriers · Admin" }];
}

export const handle = {
  crumbs: (d: { record: { name: string } }) => [{ label: "Carriers", to: "/admin/carriers" }, { label: d.record.name }],
};

/** The carrier product the URL names (?product=<carrierProductId>), else the carrier's first. */
function chosenProduct<P extends { carrierProductId: number }>(url: URL, products: readonly P[]): P | null {
  const asked = Number(url.searchParams.get("product"));
  return products.find((p) => p.carrierProductId === asked) ?? products[0] ?? null;
}

/**
 * A carrier's record page (spec §2 carriers/:id, issue 22 §2.1): one form (issue 37: two forms had a Save each, one
 * after ten editors) of the carrier's own fields (name, status) and, for the carrier product the tabs chose (plain
 * links, ?product=), the resource Contract Now and the Learning Center show. One Save writes both and comes back
 * here; the history lists every change. Carriers carry no record version (ADR 041): the last save wins.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const url = new URL(request.url);
  const [, found] = await loadWithViewer(request, context, async (token) => carrierRecord(token, id));
  const product = chosenProduct(url, found.products);
  const resourceValues = product
    ? Object.fromEntries(
        CARRIER_RESOURCE_FIELDS.map((f) => {
          const v = product.resource[f];
          return [f, f === "certificationDate" ? toUsDate(v) : (v ?? "")];
        }),
      )
    : null;
  return {
    record: found.record,
    history: labelHistory(found.history, HISTORY_LABELS),
    product: product && {
      carrierProductId: product.carrierProductId,
      productId: product.productId,
      productName: product.productName,
      activeContracts: product.activeContracts,
    },
    resourceValues,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const url = new URL(request.url);
  const probe = actionForm(request, context);
  // The form carries a product's resource when the carrier has a product (its id beside the fields).
  const productField = (await probe.read()).get("carrierProductId");
  const schema = productField === null ? carrierSchema : carrierRecordSchema;
  const form = actionForm(request, context, { schema, read: async () => probe.read() });
  return form.answer(
    async () => {
      const viewer = await requireAdmin(request, context);
      const parsed = await form.parse(schema);
      if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
      const { name, active, ...resource } = parsed.value as { name: string; active: boolean } & CarrierResourceFields;
      // The carrier first (a write that changes nothing records nothing), then the chosen product's resource.
      let saved = await saveCarrier(viewer.token, id, { name, active });
      let back = `${url.pathname}${url.search}`;
      if (productField !== null) {
        const carrierProductId = Number(productField);
        if (!Number.isInteger(carrierProductId) || carrierProductId <= 0) notFound();
        saved = await saveCarrierResource(viewer.token, id, carrierProductId, resource);
        back = `${url.pathname}?product=${carrierProductId}`;
      }
      return redirectWithToast(back, [
        successToast(saved.active ? `${saved.name} saved.` : `${saved.name} saved: inactive, agents no longer see it.`),
      ]);
    },
    (failure) => data(failure.result, { status: failure.status }),
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function AdminCarrier({ loaderData, actionData }: Route.ComponentProps) {
  const { record, history, product, resourceValues } = loaderData;
  const base = `/admin/carriers/${record.id}`;
  const carrierValues = { name: record.name, active: record.active ? "on" : "off" };
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1}>{record.name}</Title>
        <StatusBadge status={record.active ? "Active" : "Inactive"} />
      </Group>
      <div className="admin-record">
        <Stack gap="sm" component="section" aria-labelledby="carrier-heading">
          <Title order={2} size="h3" id="carrier-heading">
            {product ? `The carrier and its ${product.productName} resources` : "The carrier"}
          </Title>
          {product && resourceValues ? (
            <>
              <nav aria-label={`${record.name}'s products`} className="broker-tabs">
                {record.products.map((p) => (
                  <Anchor
                    key={p.carrierProductId}
                    component={Link}
                    to={`${base}?product=${p.carrierProductId}`}
                    aria-current={p.carrierProductId === product.carrierProductId ? "page" : undefined}
                  >
                    {p.productName}
                  </Anchor>
                ))}
              </nav>
              <Text size="sm">
                The resources are what agents see for {product.productName} in{" "}
                <Anchor component={Link} to={`/contract_now?product=${product.productId}`}>
                  Contract Now
                </Anchor>{" "}
                and on the{" "}
                <Anchor component={Link} to={carrierResourceHref(product.carrierProductId)}>
                  Learning Center's carrier page
                </Anchor>
                {record.active ? "." : " (once the carrier is active again)."}
              </Text>
            </>
          ) : (
            <Text>This carrier offers no product yet.</Text>
          )}
          <SectionForm
            key={product?.carrierProductId ?? "carrier"}
            schema={product ? carrierRecordSchema : carrierSchema}
            fields={product ? [...carrierFields, ...resourceFields] : carrierFields}
            facets={{}}
            lastResult={actionData as FormResult}
            defaultValue={resourceValues ? { ...carrierValues, ...resourceValues } : carrierValues}
            submitLabel="Save"
            cancelHref="/admin/carriers"
          >
            {product ? <input type="hidden" name="carrierProductId" value={product.carrierProductId} /> : null}
          </SectionForm>
        </Stack>
        <Stack gap="md">
          <Paper withBorder p="md" component="section" aria-label="Summary">
            <dl className="admin-facts">
              <div>
                <dt>Products</dt>
                <dd>{record.products.map((p) => p.productName).join(", ") || "None"}</dd>
              </div>
              <div>
                <dt>Active contracts</dt>
                <dd>{record.activeContracts}</dd>
              </div>
            </dl>
          </Paper>
          <History entries={history} />
        </Stack>
      </div>
    </Stack>
  );
}
