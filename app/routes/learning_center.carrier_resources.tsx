import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { CarrierContactFacts } from "~/components/carrier-contact-facts";
import { CarrierResourceDetails } from "~/components/carrier-resource-details";
import { ErrorPage } from "~/components/error-page";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { defaultProductId } from "~/domain/contract-state";
import { CARRIER_RESOURCES_HREF, LEARNING_CENTER_HREF, carrierResourceHref, pathId } from "~/domain/learning-center";
import { carrierResourceView } from "~/.server/carrier-resources";
import { chosenProduct } from "~/.server/contract-now";
import { loadWithViewer } from "~/.server/guards";
import { centerResources, productCarriers, products } from "~/.server/upstream/contracting";
import type { Route } from "./+types/learning_center.carrier_resources";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.carrier ? `${loaderData.carrier.carrierName} · Carrier resources` : "Carrier resources";
  return [{ title: `${title} · Learning Center` }];
}

const notFound = () => data(null, { status: 404, statusText: "Not Found" });

function productParam(url: URL): number | null {
  return pathId(url.searchParams.get("product") ?? undefined);
}

/**
 * Spec §2 carrier_resources/:id? with the carrier resources of spec §3 (GET /api/learning_center/center_resources):
 * without an id, a product tab row (Medicare Advantage first, ?product= chooses) and a card per carrier of that
 * product; with an id (a carrier product), that carrier's page: its facts, contacts and learning-center tabs, drawn
 * by the component the Contract Now dialog uses. Every list read here is shared (ADR 017).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const today = new Date();
  if (params.id !== undefined) {
    const id = pathId(params.id);
    if (id === null) throw notFound();
    const [, [resources, offers]] = await loadWithViewer(request, context, async (token) =>
      Promise.all([
        centerResources(token, id),
        // Which product and carrier the id names: the product lists (shared, usually kept already).
        products(token).then(async (list) =>
          Promise.all(list.map(async (product) => ({ product, carriers: await productCarriers(token, product.id) }))),
        ),
      ]),
    );
    const offer = offers.find((o) => o.carriers.some((c) => c.carrierProductId === id));
    const carrier = offer?.carriers.find((c) => c.carrierProductId === id);
    if (!offer || !carrier) throw notFound();
    // The same carrier's other products (carrier products of the same carrier id).
    const otherProducts = offers.flatMap((o) =>
      o.carriers
        .filter((c) => c.id === carrier.id && c.carrierProductId !== id)
        .map((c) => ({ name: o.product.name, href: carrierResourceHref(c.carrierProductId) })),
    );
    const raw = resources.find((r) => r.carrierProductId === id) ?? null;
    return {
      products: offers.map((o) => o.product),
      productId: offer.product.id,
      cards: [],
      carrier: {
        carrierProductId: id,
        carrierName: carrier.carrierName,
        productName: offer.product.name,
        hasResource: raw !== null,
        resource: carrierResourceView(raw, today),
        otherProducts,
      },
    };
  }

  const asked = productParam(url);
  const [, [productList, product, carriers, resources]] = await loadWithViewer(request, context, async (token) => {
    const early = asked === null ? null : productCarriers(token, asked);
    early?.catch(() => {});
    const [list, all] = await Promise.all([products(token), centerResources(token)]);
    const chosen = chosenProduct(list, asked);
    const chosenCarriers = !chosen
      ? []
      : early && chosen.id === asked
        ? await early
        : await productCarriers(token, chosen.id);
    return [list, chosen, chosenCarriers, all] as const;
  });
  const byCarrierProduct = new Map(resources.map((r) => [r.carrierProductId, r]));
  return {
    products: productList,
    productId: product?.id ?? defaultProductId(productList),
    cards: carriers.map((c) => {
      const view = carrierResourceView(byCarrierProduct.get(c.carrierProductId) ?? null, today);
      return {
        carrierProductId: c.carrierProductId,
        carrierName: c.carrierName,
        recertification: view.recertification,
        packageCode: view.packageCode,
        brokerPhone: view.brokerPhone,
        brokerEmail: view.brokerEmail,
        href: carrierResourceHref(c.carrierProductId),
      };
    }),
    carrier: null,
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

function ProductTabs({
  products,
  productId,
}: {
  products: Array<{ id: number; name: string }>;
  productId: number | null;
}) {
  return (
    <nav aria-label="Products" className="lc-products">
      <Group gap="xs">
        {products.map((p) => (
          <Button
            key={p.id}
            component={Link}
            to={`${CARRIER_RESOURCES_HREF}?product=${p.id}`}
            variant={p.id === productId ? "filled" : "default"}
            aria-current={p.id === productId ? "page" : undefined}
          >
            {p.name}
          </Button>
        ))}
      </Group>
    </nav>
  );
}

export default function CarrierResources({ loaderData }: Route.ComponentProps) {
  const { products: productList, productId, cards, carrier } = loaderData;
  if (carrier) {
    const productHref = `${CARRIER_RESOURCES_HREF}?product=${productId}`;
    return (
      <Stack gap="md" className="lc-page" maw={960}>
        <Breadcrumbs
          steps={[
            { to: LEARNING_CENTER_HREF, label: "Learning Center" },
            { to: productHref, label: "Carrier resources" },
          ]}
          current={carrier.carrierName}
        />
        <div>
          <Title order={1}>{carrier.carrierName}</Title>
          <Text c="dimmed">
            {carrier.productName} ·{" "}
            <Anchor component={Link} to={productHref}>
              all {carrier.productName} carriers
            </Anchor>
          </Text>
        </div>
        {carrier.hasResource ? (
          <Stack gap="sm" data-carrier-page={carrier.carrierProductId}>
            <CarrierResourceDetails
              resource={carrier.resource}
              moreFacts={<CarrierContactFacts resource={carrier.resource} />}
              headingLevel={2}
            />
          </Stack>
        ) : (
          <Text c="dimmed">
            {carrier.carrierName} has not published resources for {carrier.productName} yet. Broker services of the
            carrier can help meanwhile; the Learning Center's libraries have general material.
          </Text>
        )}
        {carrier.otherProducts.length > 0 ? (
          <Text size="sm">
            Also from {carrier.carrierName}:{" "}
            {carrier.otherProducts.map((o, i) => (
              <span key={o.href}>
                {i > 0 ? ", " : null}
                <Anchor component={Link} to={o.href}>
                  {o.name}
                </Anchor>
              </span>
            ))}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap="md" className="lc-page">
      <Breadcrumbs steps={[{ to: LEARNING_CENTER_HREF, label: "Learning Center" }]} current="Carrier resources" />
      <div>
        <Title order={1}>Carrier resources</Title>
        <Text c="dimmed">
          Each carrier's broker support, commissions, supplies, transfer policy and certification, per product.
        </Text>
      </div>
      <ProductTabs products={productList} productId={productId} />
      {cards.length === 0 ? (
        <Text c="dimmed">No carriers offer this product yet. Choose another product above.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} className="lc-cards">
          {cards.map((card) => (
            <Card
              key={card.carrierProductId}
              withBorder
              component="section"
              aria-labelledby={`lc-carrier-${card.carrierProductId}`}
            >
              <Stack gap="xs">
                <Title order={2} size="h4" id={`lc-carrier-${card.carrierProductId}`}>
                  {card.carrierName}
                </Title>
                <dl className="carrier-facts">
                  <dt>Recertification</dt>
                  <dd>{card.recertification}</dd>
                  <dt>Package code</dt>
                  <dd>{card.packageCode}</dd>
                  <CarrierContactFacts resource={card} />
                </dl>
                <Anchor component={Link} to={card.href} fw={600}>
                  {card.carrierName} resources
                </Anchor>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
