import type { Toast } from "~/domain/toast";

/** Spec §8/§9: a red error toast (role alert) or a green success toast (role status). */
export function toastLook(toast: Toast) {
  const error = toast.type === "error";
  return {
    color: error ? "red" : "green",
    title: error ? "Error" : "Success",
    role: error ? "alert" : "status",
  } as const;
}
