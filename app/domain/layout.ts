/** What a page tells the default layout through its route `handle` (never by its path). */
export interface LayoutHandle {
  /** Shown alone, over nothing: the full-screen Contract Now dialog (spec §2). */
  fullScreen?: boolean;
  /** The page lists the broker pending tasks itself (the dashboard), so the layout's top banner does not. */
  listsPendingTasks?: boolean;
}

/** What the default layout draws around the page, from the handles of the matched routes. */
export function layoutFor(handles: readonly unknown[]): { fullScreen: boolean; pendingTasksBanner: boolean } {
  const flags = handles.filter((h): h is LayoutHandle => typeof h === "object" && h !== null);
  return {
    fullScreen: flags.some((h) => h.fullScreen === true),
    // Spec §2 default layout: "a top banner for broker pending tasks".
    pendingTasksBanner: !flags.some((h) => h.listsPendingTasks === true),
  };
}
