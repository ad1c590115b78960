import { createContext } from "react-router";
import type { LoadedViewer } from "./.server/viewer";

/** Per-request values the HTTP server hands to the app (see entry.server.tsx createLoadContext). */
export interface RequestInfo {
  nonce: string;
  requestId: string;
}
export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "" });

/** The signed-in viewer, loaded once per request by the root middleware (null when signed out). */
export const viewerContext = createContext<LoadedViewer | null>(null);

/** Per-request UI state the root middleware resolves (branding, flash toasts) for the root loader. */
export interface RootState {
  branding: import("./domain/branding").Branding;
  toasts: import("./domain/toast").Toast[];
}
export const rootStateContext = createContext<RootState | null>(null);
