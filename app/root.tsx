import "./styles/mantine.css";
import "./styles/theme-variables.css";
import "./styles/app.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/error-page";
import { useNonce } from "./components/nonce";
import { Toaster } from "./components/toaster";
import { rootStateContext } from "./.server/context";
import { BRANDINGS } from "./domain/branding";
import { theme } from "./theme";
import { sessionMiddleware } from "./.server/guards";
import { rootStateMiddleware } from "./.server/root";

export const middleware: Route.MiddlewareFunction[] = [rootStateMiddleware, sessionMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  const state = context.get(rootStateContext);
  return { branding: state?.branding ?? BRANDINGS.default, toasts: state?.toasts ?? [] };
}

/**
 * The root loader only reads what the middleware resolved: cheap, and it delivers flash toasts. Not after
 * a form answered an upstream fault (5xx, app/.server/form-failure.ts): the middleware would ask the
 * upstream again, and a failure there would replace the form, and what was typed, with the error page.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus }) =>
  actionStatus === undefined || actionStatus < 500;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.branding.portalName ?? BRANDINGS.default.portalName }];
}

export function links(): Route.LinkDescriptors {
  return [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* The theme's CSS variables and global classes are a stylesheet (styles/theme-variables.css), not a <style>
            per request. */}
        <MantineProvider
          theme={theme}
          defaultColorScheme="light"
          getStyleNonce={() => nonce}
          withCssVariables={false}
          withGlobalClasses={false}
        >
          {children}
        </MantineProvider>
        <HydratedMarker />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * `<html data-hydrated>` once React has hydrated the page: the browser tests wait for it before they
 * click (a click during hydration can be lost), and CSS may use it to tell a no-JavaScript page apart.
 */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <Toaster toasts={loaderData.toasts}>
      <Outlet />
    </Toaster>
  );
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Errors no layout caught (a signed-in user's 404 is drawn in the chrome by layouts/unknown.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
