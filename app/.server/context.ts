import { createContext } from "react-router";
import type { Branding } from "~/domain/branding";
import type { Toast } from "~/domain/toast";
import type { PortalSession } from "./session";
import type { LoadedViewer } from "./viewer";

/** Per-request values the HTTP server hands to the app (see entry.server.tsx createLoadContext). */
export interface RequestInfo {
  nonce: string;
  requestId: string;
  /** The client's address as the server's TRUST_PROXY setting sees it (sign-in throttling). */
  clientAddress: string;
  /**
   * A request method the portal does not serve (TRACE, PUT, PROPFIND...): the server hands React Router a GET of
   * METHOD_NOT_ALLOWED_PATH instead, and the catch-all route answers 405 (server/request-handler.ts).
   */
  refusedMethod?: string;
  /** The most bytes the server lets this request's body have (app/.server/body-limits.ts); absent in unit tests. */
  bodyLimit?: number;
}
/** The URL a request with a method the portal does not serve is drawn at: only the catch-all route matches it. */
export const METHOD_NOT_ALLOWED_PATH = "/__method_not_allowed";
export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "", clientAddress: "" });

/**
 * The request's session, read by the root middleware, and its viewer: loaded on first use, at most once
 * per request (null when signed out). Pages that do not need the viewer (sign-out, the privacy policy)
 * never wait for the upstream.
 */
export interface RequestSession {
  session: PortalSession;
  viewer: () => Promise<LoadedViewer | null>;
  /** Lets a later viewer() ask the upstream again when this request's attempt failed (form faults). */
  forgetViewerFailure?: () => void;
}
export const sessionContext = createContext<RequestSession | null>(null);

/** Per-request UI state the root middleware resolves (branding, flash toasts) for the root loader. */
export interface RootState {
  branding: Branding;
  toasts: Toast[];
}
export const rootStateContext = createContext<RootState | null>(null);
