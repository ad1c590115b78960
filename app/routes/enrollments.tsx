import { Alert, Anchor, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { EnrollmentStatusBadge } from "~/components/enrollment-status-badge";
import { Link } from "react-router";
import { type PlainColumn, PlainTable } from "~/components/plain-table";
import { QuoteToolForm } from "~/components/quote-tool-form";
import { HUB_LATEST_COUNT, enrollmentHub, quoteToolHref, showsWritingAgent, submittedOn } from "~/domain/enrollments";
import { formatDate } from "~/domain/formats";
import { libraryHref, resourceHref } from "~/domain/learning-center";
import { loadWithViewer } from "~/.server/guards";
import { orUnavailable } from "~/.server/upstream-failure";
import { submittedEnrollments } from "~/.server/upstream/enrollments";
import { learningResources } from "~/.server/upstream/learning-center";
import type { LearningResourceSummary, SubmittedEnrollment } from "~/.server/upstream/schemas";
import type { Route } from "./+types/enrollments";

export function meta() {
  return [{ title: "Enrollments" }];
}

/** The hub's latest enrollments: the newest submissions first. */
const LATEST = new URLSearchParams({ perPage: String(HUB_LATEST_COUNT), sort: "submittedAt", order: "DESC" });

/** The Learning Center's enrollment library: every resource fits one list (14 in the demo; 50 at most). */
const ENROLLMENT_RESOURCES = { library: "enrollment", perPage: 50, sort: "carrierName", order: "ASC" } as const;

/**
 * The enrollment hub (spec §1 "enrollments, including a quote tool and submitted enrollments"): start a
 * quote, the carriers' enrollment resources (the Learning Center's enrollment library) and the latest
 * submitted enrollments. Both lists are asked for alongside the viewer (no waterfall); the latest are shown
 * only to whom the list is theirs. When one part fails, the rest of the hub still shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [viewer, [latest, resources]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([
      orUnavailable(submittedEnrollments(token, LATEST)),
      orUnavailable(learningResources(token, ENROLLMENT_RESOURCES)),
    ]),
  );
  const { quoteSite, showsSubmitted } = enrollmentHub(viewer);
  return {
    quote: quoteSite ? { href: quoteToolHref(quoteSite), test: quoteSite === "test" } : null,
    resources: resources ? byCarrier(resources.resources) : ("unavailable" as const),
    latest: showsSubmitted
      ? latest
        ? { rows: latest.enrollments, total: latest.meta.totalCount, writingAgent: showsWritingAgent(viewer) }
        : ("unavailable" as const)
      : null,
  };
}

/** The enrollment resources by carrier, in the carriers' order; those for every carrier last. */
function byCarrier(resources: readonly LearningResourceSummary[]) {
  const groups = new Map<
    string,
    Array<Pick<LearningResourceSummary, "id" | "title" | "description" | "productName">>
  >();
  for (const r of resources) {
    const carrier = r.carrierName ?? "All carriers";
    const group = groups.get(carrier) ?? [];
    group.push({ id: r.id, title: r.title, description: r.description, productName: r.productName });
    groups.set(carrier, group);
  }
  const all = groups.get("All carriers");
  groups.delete("All carriers");
  if (all) groups.set("All carriers", all);
  return [...groups].map(([carrier, items]) => ({ carrier, items }));
}

const LATEST_COLUMNS: PlainColumn<SubmittedEnrollment>[] = [
  { header: "Member", cell: (e) => e.memberName },
  {
    header: "Plan",
    cell: (e) => (
      <Stack gap={0}>
        <Text size="sm">{e.planName}</Text>
        <Text size="xs" c="dimmed">
          {e.carrierName}
        </Text>
      </Stack>
    ),
  },
  { header: "Effective", cell: (e) => formatDate(e.effectiveDate) },
  {
    header: "Status",
    cell: (e) => <EnrollmentStatusBadge status={e.status} />,
  },
  { header: "Submitted", cell: (e) => submittedOn(e.submittedAt) },
];
const WRITING_AGENT: PlainColumn<SubmittedEnrollment> = { header: "Writing agent", cell: (e) => e.writingAgent.name };

export default function Enrollments({ loaderData }: Route.ComponentProps) {
  const { quote, latest, resources } = loaderData;
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Enrollments</Title>
        <Text c="dimmed">Quote Medicare plans for your clients, enroll them, and follow their enrollments.</Text>
      </Stack>

      <Paper withBorder p="md" component="section" aria-labelledby="start-quote">
        <Stack gap="sm">
          <Title order={2} size="h3" id="start-quote">
            Quote Tool
          </Title>
          {quote ? (
            <>
              <Text>
                {quote.test
                  ? "The quote provider's test site: quotes and enrollments made there never reach a carrier."
                  : "The quote tool compares plans from the carriers you are contracted with and takes the enrollment application. You are signed in to it with your portal account."}
              </Text>
              <QuoteToolForm
                href={quote.href}
                label={quote.test ? "Open the Quote Tool (test site)" : "Open the Quote Tool"}
                hintId="hub-quote-new-window"
              />
              <Anchor component={Link} to={quote.href} size="sm">
                About the quote tool
              </Anchor>
            </>
          ) : (
            <Text>
              The quote tool is not part of your account yet. To get access, ask us through{" "}
              <Anchor component={Link} to="/contact_support">
                Contact Support
              </Anchor>
              .
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="enrollment-resources">
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h3" id="enrollment-resources">
              Carriers&apos; enrollment resources
            </Title>
            <Anchor component={Link} to={libraryHref("enrollment")} size="sm">
              All enrollment resources
            </Anchor>
          </Group>
          {resources === "unavailable" ? (
            <Alert color="yellow" title="Not available right now">
              The enrollment resources cannot be shown at the moment. Try again shortly, or open the{" "}
              <Anchor component={Link} to={libraryHref("enrollment")}>
                Learning Center
              </Anchor>
              .
            </Alert>
          ) : resources.length === 0 ? (
            <Text c="dimmed">
              No enrollment resources are published yet. Checklists, forms and deadlines appear here as the carriers
              publish them in the Learning Center.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {resources.map((group) => (
                <Stack key={group.carrier} gap={6} component="section" aria-label={group.carrier}>
                  <Title order={3} size="h5">
                    {group.carrier}
                  </Title>
                  <List spacing={6} size="sm" listStyleType="none" ml={0} pl={0}>
                    {group.items.map((item) => (
                      <List.Item key={item.id}>
                        <Anchor component={Link} to={resourceHref("enrollment", item.id)} size="sm" fw={500}>
                          {item.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {item.productName ? `${item.productName}. ` : ""}
                          {item.description}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Paper>

      {latest ? (
        <Paper withBorder p="md" component="section" aria-labelledby="latest-enrollments">
          <Stack gap="sm">
            <Group justify="space-between" align="baseline">
              <Title order={2} size="h3" id="latest-enrollments">
                Latest submitted enrollments
              </Title>
              {latest !== "unavailable" && latest.total > 0 ? (
                <Anchor component={Link} to="/submitted_enrollments" size="sm">
                  All {latest.total} submitted enrollments
                </Anchor>
              ) : null}
            </Group>
            {latest === "unavailable" ? (
              <Alert color="yellow" title="Not available right now">
                Your latest enrollments cannot be shown at the moment. Try again shortly, or open{" "}
                <Anchor component={Link} to="/submitted_enrollments">
                  Submitted Enrollments
                </Anchor>
                .
              </Alert>
            ) : latest.rows.length === 0 ? (
              <Text c="dimmed">
                No enrollments have been submitted yet. Enrollments you submit in the quote tool appear here.
              </Text>
            ) : (
              <PlainTable
                aria-labelledby="latest-enrollments"
                columns={latest.writingAgent ? [...LATEST_COLUMNS, WRITING_AGENT] : LATEST_COLUMNS}
                rows={latest.rows}
                rowKey={(e) => e.id}
              />
            )}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
