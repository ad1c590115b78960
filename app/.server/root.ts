import type { MiddlewareFunction } from "react-router";
import { rootStateContext } from "./context";
import { brandingOf } from "./brand";
import { readToasts } from "./toast";

/**
 * Root middleware: resolves branding and flash toasts for the root loader (which runs on every
 * navigation, see root.tsx shouldRevalidate) and sets the cookies that remember or clear them.
 */
export const rootStateMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const [{ branding, setCookie }, { toasts, headers }] = await Promise.all([brandingOf(request), readToasts(request)]);
  context.set(rootStateContext, { branding, toasts });
  const response = await next();
  if (setCookie) response.headers.append("set-cookie", setCookie);
  // The toasts were delivered only if this response renders the page: not on a redirect, and not when
  // the response sets new toasts itself.
  const redirecting = response.status >= 300 && response.status < 400;
  const settingToasts = (response.headers.get("set-cookie") ?? "").includes("portal_toast=");
  const clearToasts = headers?.get("set-cookie");
  if (clearToasts && !redirecting && !settingToasts) response.headers.append("set-cookie", clearToasts);
  return response;
};
