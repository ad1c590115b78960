/** The URL with a flag parameter added, or removed when present: links that open and close things. */
export function toggledParam(pathname: string, search: string, param: string): string {
  const params = new URLSearchParams(search);
  if (params.has(param)) params.delete(param);
  else params.set(param, "");
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
