import { Anchor, Button, Container, Stack, Text, Title } from "@mantine/core";
import { Component, type ReactNode, useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { isChunkLoadError, mayReloadForChunkError } from "~/domain/chunk-reload";
import { resetHrefOf } from "~/domain/list-query";
import { RefusedFilters } from "./refused-filters";
import { BACK_TO_HOME, ERROR_PAGE_FAILED, GO_BACK_HOME, NOT_FOUND_TEXT, UNDEFINED_RESPONSE } from "~/domain/errors";

const CHUNK_RELOAD_KEY = "portal:chunk-reload-at";

/** Spec §8: a chunk-loading failure reloads the page, at most once per 60 s. */
function useChunkErrorReload(error: unknown) {
  useEffect(() => {
    if (!isChunkLoadError(error)) return;
    try {
      const last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY));
      const now = Date.now();
      if (mayReloadForChunkError(last || null, now)) {
        window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
        window.location.reload();
      }
    } catch {
      // sessionStorage unavailable: do not risk a reload loop
    }
  }, [error]);
}

function messagesOf(data: unknown): string[] {
  if (
    data &&
    typeof data === "object" &&
    "messages" in data &&
    Array.isArray((data as { messages: unknown }).messages)
  ) {
    return (data as { messages: unknown[] }).messages.filter((m): m is string => typeof m === "string");
  }
  return [];
}

function homeOf(data: unknown): string {
  if (data && typeof data === "object" && "home" in data && typeof (data as { home: unknown }).home === "string") {
    return (data as { home: string }).home;
  }
  return "/";
}

function ErrorContent({ error }: { error: unknown }) {
  useChunkErrorReload(error);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <Title order={1}>404</Title>
        <Text size="lg">{NOT_FOUND_TEXT}</Text>
        <Anchor href="/">{BACK_TO_HOME}</Anchor>
      </>
    );
  }
  const resetHref = isRouteErrorResponse(error) && error.status === 400 ? resetHrefOf(error.data) : null;
  if (resetHref) return <RefusedFilters resetHref={resetHref} />;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <>
        <Title order={1}>Access denied</Title>
        <Text size="lg">You do not have access to this page.</Text>
        <Anchor href={homeOf(error.data)}>{BACK_TO_HOME}</Anchor>
      </>
    );
  }
  const messages = isRouteErrorResponse(error) ? messagesOf(error.data) : [];
  return (
    <>
      <Title order={1}>Something went wrong</Title>
      {messages.length > 0 ? (
        messages.map((m) => (
          <Text key={m} size="lg">
            {m}
          </Text>
        ))
      ) : (
        <Text size="lg">
          {isRouteErrorResponse(error) && error.status !== 500
            ? UNDEFINED_RESPONSE
            : "An unexpected error occurred. Please try again."}
        </Text>
      )}
      <Button component="a" href="/" variant="light" w="fit-content">
        {BACK_TO_HOME}
      </Button>
    </>
  );
}

/** Spec §8: the last-resort page when showing the error page itself fails: plain HTML, no library. */
export function ErrorPageFallback() {
  return (
    <main style={{ padding: 32, fontFamily: "system-ui, sans-serif" }}>
      <h1>{ERROR_PAGE_FAILED}</h1>
      <a href="/">{GO_BACK_HOME}</a>
    </main>
  );
}

export class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  // ReactNode admits a promise (a server component's): said, so that no lint takes this for an async function.
  render(): ReactNode {
    return this.state.failed ? <ErrorPageFallback /> : this.props.children;
  }
}

/** `inLayout`: a route's own boundary, shown inside the layout (which already has the page's <main>). */
export function ErrorPage({ error, inLayout = false }: { error: unknown; inLayout?: boolean }) {
  return (
    <ErrorPageGuard>
      <Container size="sm" py="xl" component={inLayout ? "section" : "main"}>
        <Stack gap="md">
          <ErrorContent error={error} />
        </Stack>
      </Container>
    </ErrorPageGuard>
  );
}
