import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  RouterContextProvider,
  ServerRouter,
  isRouteErrorResponse,
} from "react-router";
import { ErrorPageFallback } from "./components/error-page";
import { NonceProvider } from "./components/nonce";
import { type RequestInfo, requestInfoContext } from "./.server/context";
import { errorVerdict, routeErrorFields } from "./.server/error-verdict";
import { runtime } from "./.server/runtime";
import { redactTokens } from "./domain/account-tokens";

export const streamTimeout = 5_000;

/** Called by server/index.ts for every request: the build's own context keys carry nonce and request id. */
export function createLoadContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);

  return new Promise<Response>((resolve) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          // Even the error page failed to render: spec §8's last-resort page, plain HTML.
          runtime().reportError(error, { phase: "shell" });
          clearTimeout(timeoutId);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body>${renderToStaticMarkup(<ErrorPageFallback />)}</body></html>`;
          resolve(new Response(html, { status: 500, headers: responseHeaders }));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) runtime().reportError(error, { phase: "stream" });
        },
      },
    );
  });
}

/**
 * Errors React Router hands over: unexpected ones reported once (Sentry when configured, else the log);
 * route error responses below 500 (404, 405, 400, 403) logged at info only; see errorVerdict.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  const { logger, reportError } = runtime();
  // A method the portal does not serve: its 405 is the request log's line (method, URL, status), no second one.
  const refusedMethod = context instanceof RouterContextProvider && context.get(requestInfoContext).refusedMethod;
  if (refusedMethod && isRouteErrorResponse(error) && error.status === 405) return;
  const where = { url: redactTokens(request.url), method: request.method };
  switch (errorVerdict(error, request.signal.aborted)) {
    case "ignore":
      return;
    case "warn":
      // A refused cross-site post is the check working, not a fault. server/security.ts refuses these
      // first (403); this one means its view of the origin and React Router's differ (e.g. the proxy).
      logger.warn(
        { ...where, origin: request.headers.get("origin") },
        "cross-site write refused by React Router's action origin check",
      );
      return;
    case "info":
      logger.info({ ...where, ...routeErrorFields(error) }, "route answered with an error below 500");
      return;
    case "report":
      reportError(error, where);
  }
};
