import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link } from "react-router";
import { formatDate } from "~/domain/formats";
import {
  CARRIER_RESOURCES_HREF,
  HUB_SEARCH_LIMIT,
  LIBRARIES,
  carrierResourceHref,
  libraryHref,
  libraryInfo,
  matchingCarriers,
  resourceHref,
} from "~/domain/learning-center";
import { cleanListSearch } from "~/domain/list-query";
import { loadWithViewer } from "~/.server/guards";
import { learningResources } from "~/.server/upstream/learning-center";
import { productCarriers, products } from "~/.server/upstream/contracting";
import type { Route } from "./+types/learning_center._index";

export function meta() {
  return [{ title: "Learning Center" }];
}

/** How many of a library's newest resources the hub shows (the list's smallest page). */
const NEWEST = 5;
const NEWEST_SHOWN = 3;

/**
 * The Learning Center's hub (spec §2 /learning_center): the three libraries with their newest resources, the
 * carrier resources per product, and a search over all of them (?search=: the libraries' resources the viewer
 * may see, and the carriers by name). A GET form: works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = cleanListSearch(new URL(request.url).searchParams.get("search") ?? "");
  const [, [libraries, productList, results]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([
      Promise.all(LIBRARIES.map(async (l) => learningResources(token, { library: l.library, perPage: NEWEST }))),
      products(token),
      search
        ? Promise.all([
            learningResources(token, { search, perPage: HUB_SEARCH_LIMIT, sort: "title", order: "ASC" }),
            // Carriers by name: every product's carriers (shared lists, usually kept already).
            products(token).then(async (list) =>
              Promise.all(
                list.map(async (p) => (await productCarriers(token, p.id)).map((c) => ({ ...c, productName: p.name }))),
              ),
            ),
          ])
        : Promise.resolve(null),
    ]),
  );
  return {
    search,
    libraries: LIBRARIES.map((l, i) => ({
      title: l.title,
      blurb: l.blurb,
      href: libraryHref(l.library),
      count: libraries[i]?.meta.totalCount ?? 0,
      newest: (libraries[i]?.resources ?? []).slice(0, NEWEST_SHOWN).map((r) => ({
        id: r.id,
        title: r.title,
        href: resourceHref(l.library, r.id),
        updatedAt: r.updatedAt,
      })),
    })),
    products: productList.map((p) => ({ id: p.id, name: p.name, href: `${CARRIER_RESOURCES_HREF}?product=${p.id}` })),
    results: results
      ? {
          total: results[0].meta.totalCount,
          resources: results[0].resources.map((r) => ({
            id: r.id,
            title: r.title,
            library: libraryInfo(r.library).title,
            libraryHref: libraryHref(r.library),
            href: resourceHref(r.library, r.id),
            carrierName: r.carrierName,
            productName: r.productName,
          })),
          // The same search inside each library (its table pages, sorts and filters the whole result).
          libraries: LIBRARIES.map((l) => ({
            title: l.title,
            href: `${libraryHref(l.library)}?${new URLSearchParams({ search }).toString()}`,
          })),
          carriers: matchingCarriers(results[1].flat(), search).map((c) => ({
            key: c.carrierProductId,
            name: c.carrierName,
            productName: c.productName,
            href: carrierResourceHref(c.carrierProductId),
          })),
        }
      : null,
  };
}

export default function LearningCenter({ loaderData }: Route.ComponentProps) {
  const { search, libraries, products: productList, results } = loaderData;
  return (
    <Stack gap="lg" className="lc-page">
      <div>
        <Title order={1}>Learning Center</Title>
        <Text c="dimmed">
          Guides, documents and enrollment material from your carriers, and each carrier's resources.
        </Text>
      </div>

      <Form method="get" role="search" aria-label="Search the Learning Center">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            name="search"
            type="search"
            label="Search the Learning Center"
            placeholder="A title, topic or carrier"
            defaultValue={search}
            maxLength={100}
            style={{ flex: "1 1 16rem" }}
          />
          <Button type="submit">Search</Button>
          {search ? (
            <Button component={Link} to="/learning_center" variant="default">
              Clear
            </Button>
          ) : null}
        </Group>
      </Form>

      {results ? (
        <section aria-labelledby="lc-results-title">
          <Title order={2} size="h3" id="lc-results-title" mb="xs">
            Results for “{search}”
          </Title>
          {results.resources.length === 0 && results.carriers.length === 0 ? (
            <Text c="dimmed">
              Nothing in the Learning Center matches “{search}”. Try a shorter word, a carrier's name, or browse the
              libraries below.
            </Text>
          ) : (
            <Stack gap="sm">
              {results.carriers.length > 0 ? (
                <div>
                  <Text fw={600}>Carrier resources</Text>
                  <List spacing={4}>
                    {results.carriers.map((c) => (
                      <List.Item key={c.key}>
                        <Anchor component={Link} to={c.href}>
                          {c.name} — {c.productName}
                        </Anchor>
                      </List.Item>
                    ))}
                  </List>
                </div>
              ) : null}
              {results.resources.length > 0 ? (
                <div>
                  <Text fw={600}>
                    Resources{" "}
                    <Text span c="dimmed" size="sm">
                      (
                      {results.total > results.resources.length
                        ? `the first ${results.resources.length} of ${results.total}`
                        : results.total}
                      )
                    </Text>
                  </Text>
                  {results.total > results.resources.length ? (
                    <Text size="sm" mb={4}>
                      Search in{" "}
                      {results.libraries.map((l, i) => (
                        <span key={l.href}>
                          {i > 0 ? ", " : null}
                          <Anchor component={Link} to={l.href}>
                            {l.title}
                          </Anchor>
                        </span>
                      ))}
                    </Text>
                  ) : null}
                  <List spacing={4}>
                    {results.resources.map((r) => (
                      <List.Item key={r.id}>
                        <Anchor component={Link} to={r.href}>
                          {r.title}
                        </Anchor>{" "}
                        <Text span size="sm" c="dimmed">
                          {r.library}
                          {r.carrierName ? ` · ${r.carrierName}` : ""}
                          {r.productName ? ` · ${r.productName}` : ""}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </div>
              ) : null}
            </Stack>
          )}
        </section>
      ) : null}

      <section aria-labelledby="lc-libraries-title">
        <Title order={2} size="h3" id="lc-libraries-title" mb="xs">
          Libraries
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {libraries.map((l) => (
            <Card key={l.href} withBorder component="article" aria-labelledby={`lc-${l.href.split("/").pop()}`}>
              <Stack gap="xs">
                <Title order={3} size="h4" id={`lc-${l.href.split("/").pop()}`}>
                  <Anchor component={Link} to={l.href} inherit>
                    {l.title}
                  </Anchor>
                </Title>
                <Text size="sm" c="dimmed">
                  {l.blurb}
                </Text>
                {l.count === 0 ? (
                  <Text size="sm">No resources for you yet.</Text>
                ) : (
                  <>
                    <Text size="sm" fw={600}>
                      Recently updated
                    </Text>
                    <List spacing={4} size="sm">
                      {l.newest.map((r) => (
                        <List.Item key={r.id}>
                          <Anchor component={Link} to={r.href} size="sm">
                            {r.title}
                          </Anchor>{" "}
                          <Text span size="xs" c="dimmed">
                            {formatDate(r.updatedAt)}
                          </Text>
                        </List.Item>
                      ))}
                    </List>
                    <Anchor component={Link} to={l.href} size="sm" fw={600}>
                      All {l.count} {l.title.toLowerCase()}
                    </Anchor>
                  </>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="lc-carriers-title">
        <Title order={2} size="h3" id="lc-carriers-title" mb="xs">
          Carrier resources
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          Broker support, commissions, ordering supplies, transfer policy and certification for each carrier, by
          product.
        </Text>
        <Group gap="xs">
          {productList.map((p) => (
            <Button key={p.id} component={Link} to={p.href} variant="default">
              {p.name}
            </Button>
          ))}
        </Group>
      </section>
    </Stack>
  );
}
