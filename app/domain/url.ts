/** The URL with a flag parameter added, or removed when present: links that open and close things. */
export function toggledParam(pathname: string, search: string, param: string): string {
  const params = new URLSearchParams(search);
  if (params.has(param)) params.delete(param);
  else params.set(param, "");
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** The URL with one parameter set (or removed with null), others kept. */
export function withParam(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
/** An id in a URL path (a resource, an attachment, a carrier product): a positive integer, else null. */
export function pathId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}
