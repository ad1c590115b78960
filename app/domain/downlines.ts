/** Spec §2/§8: the empty policy list reads 'No Active Policies to show for {name}.' */
export function noPoliciesText(name: string): string {
  return `No Active Policies to show for ${name}.`;
}

export const CONTRACT_STATUS_FILTERS = ["active", "pending", "terminated"] as const;

/** The `open` agencies of the URL with one toggled (expanding works without JavaScript: it is a link). */
export function toggledOpen(search: string, npnId: number): string {
  const params = new URLSearchParams(search);
  const open = params.getAll("open").filter((v) => v !== String(npnId));
  const wasOpen = open.length !== params.getAll("open").length;
  params.delete("open");
  for (const id of wasOpen ? open : [...open, String(npnId)]) params.append("open", id);
  const text = params.toString();
  return text ? `?${text}` : "";
}
