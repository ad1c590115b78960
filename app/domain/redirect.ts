/**
 * The wanted URL kept across sign-in (spec §2) is honoured only when it is a same-site relative path:
 * "/x" yes; "//x", "/\x", "https://x", "javascript:x" never.
 */
export function safeRedirect(to: unknown, fallback: string): string {
  if (typeof to !== "string" || to.length === 0) return fallback;
  if (!to.startsWith("/")) return fallback;
  if (to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters and backslashes anywhere let browsers reinterpret the URL.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://portal.invalid");
    if (url.origin !== "http://portal.invalid") return fallback;
    const result = url.pathname + url.search + url.hash;
    // Dot segments can collapse to a protocol-relative path: "/.//evil.example" → "//evil.example".
    if (result.startsWith("//")) return fallback;
    return result;
  } catch {
    return fallback;
  }
}
