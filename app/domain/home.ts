import { type SessionUser, contractingComplete, contractingIncomplete } from "./user";

/** Spec §2 "Home per user", read top to bottom: the first matching row wins. */
export function homeFor(user: SessionUser): string {
  if (contractingIncomplete(user)) return "/onboarding";
  if (contractingComplete(user)) return "/home";
  if (user.loa) return "/dashboard";
  switch (user.role) {
    case "Carrier":
      return "/carrier/tickets";
    case "Admin":
      return "/admin";
    case "Agent":
    case "Agency":
      return "/dashboard";
  }
}
