/** How many document notifications the upstream lists for the user (spec §3 "document notifications"). */
export interface DocumentState {
  documentNotificationCount: number;
}

/** Spec §2 "An alert icon shows when documents need attention." */
export function documentsNeedAttention(state: DocumentState): boolean {
  return state.documentNotificationCount > 0;
}

/**
 * Spec §4 "Document notifications disable contract requests"; §6 "Requesting contracts is blocked while
 * document notifications exist." The dialog shows it (CONTRACT_REQUEST_BLOCKED) and the action refuses.
 */
export function contractRequestsBlocked(state: DocumentState): boolean {
  return documentsNeedAttention(state);
}
