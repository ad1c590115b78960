/** Spec §8 "The error catalogue". */
export const UNDEFINED_RESPONSE = "Undefined response from server";
export const UNAUTHORIZED_REQUEST = "Unauthorized Request";
/** The portal ended a session that was too old or idle too long (issue 8 point 8). */
export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";
export const NOT_FOUND_TEXT = "This page could not be found";
export const BACK_TO_HOME = "Back to the home page";
export const ERROR_PAGE_FAILED = "An error occurred while showing the error page";
export const GO_BACK_HOME = "Go back to home";

function strings(value: unknown): string[] | null {
  if (typeof value === "string") return value.trim() ? [value] : null;
  if (Array.isArray(value)) {
    const list = value.filter((v): v is string => typeof v === "string" && v.trim() !== "");
    return list.length > 0 && list.length === value.length ? list : null;
  }
  if (value && typeof value === "object" && "message" in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === "string" && message.trim()) return [message];
  }
  return null;
}

/**
 * Spec §8: an error may be a server response with data.error, a string, an array of strings, or an
 * object with message. If nothing usable is present the text is 'Undefined response from server'.
 * One string per toast.
 */
export function errorMessages(error: unknown): string[] {
  if (error && typeof error === "object" && "data" in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === "object" && "error" in data) {
      const fromData = strings((data as { error: unknown }).error);
      if (fromData) return fromData;
    }
  }
  return strings(error) ?? [UNDEFINED_RESPONSE];
}
