import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { type PlainColumn, PlainTable } from "~/components/plain-table";
import { QuoteToolForm } from "~/components/quote-tool-form";
import { HUB_LATEST_COUNT, enrollmentHub, quoteToolHref, showsWritingAgent, submittedOn } from "~/domain/enrollments";
import { formatDate } from "~/domain/formats";
import { loadWithViewer } from "~/.server/guards";
import { upstreamErrorOf } from "~/.server/upstream-failure";
import { submittedEnrollments } from "~/.server/upstream/enrollments";
import type { SubmittedEnrollment } from "~/.server/upstream/schemas";
import type { Route } from "./+types/enrollments";

export function meta() {
  return [{ title: "Enrollments" }];
}

/** The hub's latest enrollments: the newest submissions first. */
const LATEST = new URLSearchParams({ perPage: String(HUB_LATEST_COUNT), sort: "submittedAt", order: "DESC" });

/**
 * The enrollment hub (spec §1 "enrollments, including a quote tool and submitted enrollments"): start a
 * quote, and the latest submitted enrollments. The latest are asked for alongside the viewer (no waterfall)
 * and shown only to whom the list is theirs; when only they fail, the rest of the hub still shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [viewer, latest] = await loadWithViewer(request, context, (token) =>
    submittedEnrollments(token, LATEST).catch((error: unknown) => {
      // A 401 still ends the session (loadWithViewer); any other failure leaves this part out.
      if (upstreamErrorOf(error)) return null;
      throw error;
    }),
  );
  const { quoteSite, showsSubmitted } = enrollmentHub(viewer);
  return {
    quote: quoteSite ? { href: quoteToolHref(quoteSite), test: quoteSite === "test" } : null,
    latest: showsSubmitted
      ? latest
        ? { rows: latest.enrollments, total: latest.meta.totalCount, writingAgent: showsWritingAgent(viewer) }
        : ("unavailable" as const)
      : null,
  };
}

const STATUS_COLOR: Record<SubmittedEnrollment["status"], string> = {
  Submitted: "blue",
  "Pending carrier review": "orange",
  Enrolled: "green",
  Rejected: "red",
  Cancelled: "gray",
};

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
    cell: (e) => (
      <Badge variant="light" color={STATUS_COLOR[e.status]} style={{ textTransform: "none", minWidth: "max-content" }}>
        {e.status}
      </Badge>
    ),
  },
  { header: "Submitted", cell: (e) => submittedOn(e.submittedAt) },
];
const WRITING_AGENT: PlainColumn<SubmittedEnrollment> = { header: "Writing agent", cell: (e) => e.writingAgent.name };

export default function Enrollments({ loaderData }: Route.ComponentProps) {
  const { quote, latest } = loaderData;
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Enrollments</Title>
        <Text c="dimmed">Quote Medicare plans for your clients, enroll them, and follow their enrollments.</Text>
      </Stack>

      <Paper withBorder p="md" component="section" aria-labelledby="start-quote">
        <Stack gap="sm">
          <Title order={2} size="h3" id="start-quote">
            Start a quote
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
                label={quote.test ? "Open the quote test site" : "Start a quote"}
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
