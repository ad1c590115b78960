import type { RouterContextProvider } from "react-router";
import { isBroker } from "~/domain/user";
import { sessionOf } from "./guards";
import { memberRewards } from "./upstream/profile-details";

/**
 * Issue 12: this year's member rewards of an agent or agency (null for others), asked alongside the viewer's
 * calls: the role remembered at sign-in says whether to ask (as loadViewer does for the profile).
 */
export async function brokerRewards(context: Readonly<RouterContextProvider>, token: string) {
  const role = sessionOf(context).session.get("role") ?? "Admin";
  return isBroker({ role }) ? memberRewards(token) : Promise.resolve(null);
}
