import { Alert, Anchor, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, data, redirect } from "react-router";
import { QuoteToolForm } from "~/components/quote-tool-form";
import {
  QUOTE_TOOL_NOT_ANSWERING,
  QUOTE_URL_REFUSED,
  type QuoteSite,
  quoteSiteOf,
  quoteToolHref,
  quoteToolOrigins,
  quoteUrlAllowed,
} from "~/domain/enrollments";
import { homeFor } from "~/domain/home";
import { fullName } from "~/domain/user";
import { actionForm } from "~/.server/form-failure";
import { requireViewer } from "~/.server/guards";
import { runtime } from "~/.server/runtime";
import { shellData } from "~/.server/shell";
import type { LoadedViewer } from "~/.server/viewer";
import { quoteToolAvailability, sunfireSignOn } from "~/.server/upstream/enrollments";
import { upstreamStatus } from "~/.server/upstream-failure";
import type { Route } from "./+types/quote_tool";

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: SITE_TEXT[loaderData?.site === "test" ? "test" : "production"].title }];
}

/**
 * The site the URL asks for, or the 403 page: the access middleware already refused a viewer without the
 * quote tool (beta@, no sunfireAccess); `?site=test` is refused here to anyone but an admin.
 */
function siteOrRefuse(viewer: LoadedViewer, request: Request): QuoteSite {
  const site = quoteSiteOf(viewer, new URL(request.url).searchParams.get("site"));
  if (site === "refused") throw refusal(viewer);
  return site;
}

function refusal(viewer: LoadedViewer) {
  return data({ home: homeFor(viewer.user), shell: shellData(viewer) }, { status: 403, statusText: "Forbidden" });
}

/**
 * The page follows the quote tool's providers (issue 22 §2.4, admin quote_tool_providers): none enabled, or no test
 * site for `?site=test`, and the page says so without a button; the viewer's role not among an enabled provider's
 * (the upstream's 403), the 403 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const site = siteOrRefuse(viewer, request);
  const availability = await quoteToolAvailability(viewer.token, site).catch((error: unknown) => {
    if (upstreamStatus(error) === 403) throw refusal(viewer);
    throw error;
  });
  return {
    site,
    name: fullName(viewer.user),
    npnNumber: viewer.user.npnNumber,
    unavailable: availability.available ? null : availability.reason,
  };
}

/**
 * Spec §7 "GET /partners/sunfire | reads url; opened in a new window": the sign-on link is asked for at
 * the click, never kept, never drawn into a page, never logged; the answer is a 303 to it, so the form's
 * new window lands on the provider (JavaScript or not). A fault comes back in that window as this page
 * with the reason; nothing is opened. Each click gets a new link (ADR 021).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context);
  return form.answer(
    async () => {
      const viewer = await requireViewer(request, context);
      const site = siteOrRefuse(viewer, request);
      await form.read();
      const link = await sunfireSignOn(viewer.token, site);
      const { env, upstreamUrl, logger } = runtime();
      if (!quoteUrlAllowed(link, quoteToolOrigins(env.QUOTE_TOOL_ORIGINS, upstreamUrl))) {
        // The origin only: the link's token is a credential.
        let origin = "not a URL";
        try {
          origin = new URL(link).origin;
        } catch {
          // stays "not a URL"
        }
        logger.warn({ origin, site }, "quote tool sign-on link on an origin QUOTE_TOOL_ORIGINS does not allow");
        return data({ messages: [QUOTE_URL_REFUSED] }, { status: 502, headers: { "Cache-Control": "no-store" } });
      }
      return redirect(link, { status: 303, headers: { "Cache-Control": "no-store" } });
    },
    // The upstream's reason, or that it did not answer (no "entries are kept": nothing was typed).
    ({ status, messages }) => data({ messages: status === 503 ? [QUOTE_TOOL_NOT_ANSWERING] : messages }, { status }),
  );
}

const SITE_TEXT: Record<QuoteSite, { title: string; button: string }> = {
  // The quote tool's one name, as the menu says it (menu.ts QUOTE_TOOL_NAME; written out here so that this page
  // does not share a chunk with the menu: decision 019).
  production: { title: "Quote Tool", button: "Open the Quote Tool" },
  test: { title: "Quote Tool (test site)", button: "Open the Quote Tool (test site)" },
};

/** What the page says when the quote tool cannot be opened now (issue 22 §2.4). */
export const UNAVAILABLE_TEXT = {
  disabled: {
    title: "The quote tool is turned off for now",
    text: "Your administrator has turned the quote tool off. Please try again later, or ask support when it will be back.",
  },
  no_test_site: {
    title: "The quote tool has no test site",
    text: "No test site address is set for the quote tool. An administrator can add one under Quote tool providers.",
  },
} as const;

export default function QuoteTool({ loaderData, actionData }: Route.ComponentProps) {
  const { site, name, npnNumber, unavailable } = loaderData;
  const text = SITE_TEXT[site];
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{text.title}</Title>
      {actionData?.messages?.length ? (
        <Alert color="red" title="The quote tool could not be opened" role="alert">
          <Stack gap={4}>
            {actionData.messages.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
            <Text size="sm">Nothing was opened. You can try again with the button below.</Text>
          </Stack>
        </Alert>
      ) : null}
      {unavailable ? (
        <Alert color="gray" title={UNAVAILABLE_TEXT[unavailable].title}>
          <Text size="sm">{UNAVAILABLE_TEXT[unavailable].text}</Text>
        </Alert>
      ) : (
        <Paper withBorder p="md">
          <Stack gap="sm">
            {site === "test" ? (
              <Text>
                The quote provider&apos;s test site: quotes and enrollments made there are never sent to a carrier. Use
                it to try the quote tool or to check a change before agents see it.
              </Text>
            ) : (
              <Text>
                The quote tool compares Medicare plans from the carriers you are contracted with, quotes them for your
                client and takes the enrollment application. Enrollments you submit there appear under{" "}
                <Anchor component={Link} to="/submitted_enrollments">
                  Submitted Enrollments
                </Anchor>
                .
              </Text>
            )}
            <List size="sm" spacing={4}>
              <List.Item>
                It opens in a new window, signed in as {name}
                {npnNumber ? ` (NPN ${npnNumber})` : ""}: no second password.
              </List.Item>
              <List.Item>
                Each click signs you in with a new link that works once and only for a few minutes, so open it from here
                each time.
              </List.Item>
            </List>
            <QuoteToolForm href={quoteToolHref(site)} label={text.button} hintId="quote-new-window" />
          </Stack>
        </Paper>
      )}
      <Text size="sm" c="dimmed">
        Back to{" "}
        <Anchor component={Link} to="/enrollments">
          Enrollments
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
