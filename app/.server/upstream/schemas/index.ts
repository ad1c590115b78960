/**
 * The upstream contract (docs/upstream-api.md) as zod schemas, one module per resource beside the upstream
 * module that calls it (session, profile, contracting, …). The portal validates every response with them; the
 * reference API (server/reference-api) builds its responses to the same types and imports the resource modules
 * directly. This index lets the rest of the portal import any of them from "~/.server/upstream/schemas".
 */
export * from "./book-of-business";
export * from "./commissions";
export * from "./contracting";
export * from "./conversations";
export * from "./downlines";
export * from "./enrollments";
export * from "./feedback";
export * from "./files";
export * from "./invitations";
export * from "./onboarding";
export * from "./paging";
export * from "./profile";
export * from "./session";
export * from "./tickets";
export * from "./learning-center";
export * from "./profile-details";
export * from "./account";
export * from "./admin";
export * from "./readiness";
export * from "./downline-readiness";
