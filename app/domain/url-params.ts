/**
 * `pathname` with the query `search` less every value of the parameters `names`: where Cancel, a finished
 * confirmation or a closed notice go ("/x?a=1", or "/x" when nothing is left).
 */
export function pathWithout(pathname: string, search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
