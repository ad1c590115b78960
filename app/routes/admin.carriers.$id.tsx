import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { History } from "~/components/admin/history";
import { SectionForm } from "~/components/admin/section-form";
import { Tag } from "~/components/admin/tag";
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
import { carrierSchema, resourceSchema } from "~/admin/sections/carriers/schemas";
import { CARRIER_RESOURCE_FIELDS, type CarrierResourceFields } from "~/admin/sections/carriers/records";
import { carrierRecord, saveCarrier, saveCarrierResource } from "~/admin/sections/carriers/section.server";
import type { Route } from "./+types/admin.carriers.$id";

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
 * A carrier's record page (spec §2 carriers/:id, issue 22 §2.1): the carrier's own form (name, active) and, per
 * carrier product (tabs: plain links, ?product=), the resource Contract Now and the Learning Center show. Each form
 * saves alone and comes back here; the history lists every change.
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

type Intent = "carrier" | "resource";
type Answer = { intent: Intent; result: FormResult };

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const url = new URL(request.url);
  const probe = actionForm(request, context);
  const intent: Intent = (await probe.read()).get("intent") === "resource" ? "resource" : "carrier";
  const schema = intent === "resource" ? resourceSchema : carrierSchema;
  const form = actionForm(request, context, { schema, read: async () => probe.read() });
  const answer = (result: FormResult, status: number) => data<Answer>({ intent, result }, { status });
  return form.answer(
    async () => {
      const viewer = await requireAdmin(request, context);
      const parsed = await form.parse(schema);
      if (parsed.status !== "success") return answer(parsed.reply(), 400);
      if (intent === "carrier") {
        const saved = await saveCarrier(viewer.token, id, parsed.value as { name: string; active: boolean });
        return redirectWithToast(`${url.pathname}${url.search}`, [
          successToast(
            saved.active ? `${saved.name} saved.` : `${saved.name} saved: inactive, agents no longer see it.`,
          ),
        ]);
      }
      const carrierProductId = Number((await form.read()).get("carrierProductId"));
      if (!Number.isInteger(carrierProductId) || carrierProductId <= 0) notFound();
      const body = parsed.value as Partial<CarrierResourceFields>;
      const saved = await saveCarrierResource(viewer.token, id, carrierProductId, body);
      const productName = saved.products.find((p) => p.carrierProductId === carrierProductId)?.productName;
      return redirectWithToast(`${url.pathname}?product=${carrierProductId}`, [
        successToast(`${saved.name}'s ${productName ?? "product"} resources saved.`),
      ]);
    },
    (failure) => answer(failure.result, failure.status),
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function AdminCarrier({ loaderData, actionData }: Route.ComponentProps) {
  const { record, history, product, resourceValues } = loaderData;
  const answered = actionData as Answer | undefined;
  const resultOf = (intent: Intent) => (answered?.intent === intent ? answered.result : undefined);
  const base = `/admin/carriers/${record.id}`;
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1}>{record.name}</Title>
        <Tag color={record.active ? "green" : "gray"}>{record.active ? "Active" : "Inactive"}</Tag>
      </Group>
      <div className="admin-record">
        <div>
          <Stack gap="md">
            <section aria-labelledby="carrier-heading">
              <Title order={2} size="h3" id="carrier-heading" mb="xs">
                Carrier
              </Title>
              <SectionForm
                schema={carrierSchema}
                fields={carrierFields}
                facets={{}}
                lastResult={resultOf("carrier")}
                defaultValue={{ name: record.name, active: record.active ? "on" : undefined }}
                submitLabel="Save carrier"
                cancelHref="/admin/carriers"
              >
                <input type="hidden" name="intent" value="carrier" />
              </SectionForm>
            </section>
            <section aria-labelledby="resources-heading">
              <Title order={2} size="h3" id="resources-heading" mb="xs">
                Resources by product
              </Title>
              {product && resourceValues ? (
                <Stack gap="sm">
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
                    What agents see for {product.productName} in{" "}
                    <Anchor component={Link} to={`/contract_now?product=${product.productId}`}>
                      Contract Now
                    </Anchor>{" "}
                    and on the{" "}
                    <Anchor component={Link} to={carrierResourceHref(product.carrierProductId)}>
                      Learning Center's carrier page
                    </Anchor>
                    {record.active ? "." : " (once the carrier is active again)."}
                  </Text>
                  <SectionForm
                    key={product.carrierProductId}
                    schema={resourceSchema}
                    fields={resourceFields}
                    facets={{}}
                    lastResult={resultOf("resource")}
                    defaultValue={resourceValues}
                    submitLabel={`Save ${product.productName} resources`}
                    cancelHref="/admin/carriers"
                  >
                    <input type="hidden" name="intent" value="resource" />
                    <input type="hidden" name="carrierProductId" value={product.carrierProductId} />
                  </SectionForm>
                </Stack>
              ) : (
                <Text>This carrier offers no product yet.</Text>
              )}
            </section>
          </Stack>
        </div>
        <div>
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
      </div>
    </Stack>
  );
}
