/** The messages between the portal's cluster primary (server/cluster.ts) and its workers (server/index.ts). */
export const CLUSTER_CHANNEL = "agent-portal";

export type ClusterMessageType =
  /** worker → primary: it no longer listens (its shutdown started). */
  | "listener-closed"
  /** primary → workers: no worker listens any more; send keep-alive clients away. */
  | "listeners-closed";

export function isClusterMessage(message: unknown, type: ClusterMessageType): boolean {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { channel?: unknown }).channel === CLUSTER_CHANNEL &&
    (message as { type?: unknown }).type === type
  );
}
