import { createCookie } from "react-router";
import { BRAND_PARAM, type Branding, resolveBrand } from "~/domain/branding";
import { secureCookies } from "./cookies";

function brandCookie() {
  return createCookie("portal_brand", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
  });
}

/** Spec §1: ?brand= picks a branding, remembered in a cookie; unknown values give the default. */
export async function brandingOf(request: Request): Promise<{ branding: Branding; setCookie: string | null }> {
  const query = new URL(request.url).searchParams.get(BRAND_PARAM);
  const remembered = await brandCookie().parse(request.headers.get("cookie"));
  const { branding, remember } = resolveBrand(query, typeof remembered === "string" ? remembered : null);
  return { branding, setCookie: remember && remember !== remembered ? await brandCookie().serialize(remember) : null };
}
