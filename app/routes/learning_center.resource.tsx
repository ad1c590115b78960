import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { formatDate } from "~/domain/formats";
import {
  LEARNING_CENTER_HREF,
  attachmentHref,
  fileKindLabel,
  fileSizeLabel,
  isSafeExternalUrl,
  libraryHref,
  libraryOfPath,
  pathId,
} from "~/domain/learning-center";
import { loadWithViewer } from "~/.server/guards";
import { sanitize } from "~/.server/html";
import { learningResource } from "~/.server/upstream/learning-center";
import type { Route } from "./+types/learning_center.resource";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.resource.title} · Learning Center` : "Learning Center" }];
}

const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/**
 * One resource of a library (spec §2: agent_resources/:id, documentation_resources/:id, enrollment_resources/:id):
 * its body (the upstream's HTML, sanitised here), attachments (downloaded through the portal) and external links.
 * An id the upstream does not know, of another library, or not for this viewer is the 404 page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const info = libraryOfPath(new URL(request.url).pathname);
  const id = pathId(params.id);
  if (!info || id === null) throw notFound();
  const [, resource] = await loadWithViewer(request, context, async (token) =>
    learningResource(token, info.library, id),
  );
  // Another library's resource is not this URL's, whatever the upstream did with `?library=`.
  if (resource.library !== info.library) throw notFound();
  return {
    library: { title: info.title, href: libraryHref(info.library) },
    resource: {
      id: resource.id,
      title: resource.title,
      category: resource.category,
      carrierName: resource.carrierName,
      productName: resource.productName,
      description: resource.description,
      forAgencies: resource.audience === "agencies",
      updatedAt: resource.updatedAt,
      bodyHtml: sanitize(resource.body),
      attachments: resource.attachments.map((a) => ({
        id: a.id,
        name: a.name,
        href: attachmentHref(info.library, resource.id, a.id),
        kind: fileKindLabel(a.contentType),
        size: fileSizeLabel(a.size),
      })),
      links: resource.links.filter((l) => isSafeExternalUrl(l.url)),
    },
  };
}

/** An unknown or forbidden resource: the 404 page inside the layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function LearningResource({ loaderData }: Route.ComponentProps) {
  const { library, resource } = loaderData;
  return (
    <Stack gap="md" className="lc-page" maw={860}>
      <Breadcrumbs
        steps={[
          { to: LEARNING_CENTER_HREF, label: "Learning Center" },
          { to: library.href, label: library.title },
        ]}
        current={resource.title}
      />
      <Stack gap={6}>
        <Title order={1}>{resource.title}</Title>
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {resource.category}
          </Badge>
          {resource.forAgencies ? <Badge variant="light">For agencies</Badge> : null}
        </Group>
        <dl className="carrier-facts">
          <dt>Carrier</dt>
          <dd>{resource.carrierName ?? "All carriers"}</dd>
          <dt>Product</dt>
          <dd>{resource.productName ?? "All products"}</dd>
          <dt>Updated</dt>
          <dd>
            <time dateTime={resource.updatedAt}>{formatDate(resource.updatedAt)}</time>
          </dd>
        </dl>
      </Stack>
      <section aria-labelledby="about-title">
        <Title order={2} size="h4" id="about-title" mb="xs">
          About this resource
        </Title>
        <Text mb="sm">{resource.description}</Text>
        {resource.bodyHtml ? (
          <div className="resource-html" data-resource-body dangerouslySetInnerHTML={{ __html: resource.bodyHtml }} />
        ) : null}
      </section>

      <Paper withBorder p="md" component="section" aria-labelledby="attachments-title">
        <Title order={2} size="h4" id="attachments-title" mb="xs">
          Attachments
        </Title>
        {resource.attachments.length === 0 ? (
          <Text c="dimmed">This resource has no attachments.</Text>
        ) : (
          <List spacing="xs">
            {resource.attachments.map((a) => (
              <List.Item key={a.id}>
                <Anchor href={a.href} download={a.name}>
                  {a.name}
                </Anchor>{" "}
                <Text span size="sm" c="dimmed">
                  ({a.kind}, {a.size})
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Paper>

      {resource.links.length > 0 ? (
        <Paper withBorder p="md" component="section" aria-labelledby="links-title">
          <Title order={2} size="h4" id="links-title" mb="xs">
            Links
          </Title>
          <List spacing="xs">
            {resource.links.map((l) => (
              <List.Item key={l.url}>
                <Anchor href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.title}
                  <Text span size="sm" c="dimmed">
                    {" "}
                    (opens in a new tab)
                  </Text>
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      ) : null}
    </Stack>
  );
}
