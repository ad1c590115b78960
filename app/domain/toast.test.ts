import { describe, expect, it } from "vitest";
import { errorMessages } from "~/domain/errors";
import { DOWNLOAD_SENT, TOAST_LIFETIME_MS, errorToasts, successToast } from "~/domain/toast";

describe("spec §9: toast lifetime 7 seconds (7000 ms)", () => {
  it("is 7000 ms", () => {
    expect(TOAST_LIFETIME_MS).toBe(7000);
  });
});

describe("spec §8: errors appear as red dismissible toasts, one per string; successes as green toasts", () => {
  it("one error toast per string, in order", () => {
    const toasts = errorToasts(["First", "Second", "Third"]);
    expect(toasts.map((t) => t.message)).toEqual(["First", "Second", "Third"]);
    expect(toasts.every((t) => t.type === "error")).toBe(true);
  });

  it("an array error from the server becomes one toast per string", () => {
    const toasts = errorToasts(errorMessages({ data: { error: ["Name is required", "Email is invalid"] } }));
    expect(toasts).toHaveLength(2);
  });

  it("no strings, no toasts", () => {
    expect(errorToasts([])).toEqual([]);
  });

  it("a success toast is a success", () => {
    const toast = successToast("Download was sent to your email");
    expect(toast.type).toBe("success");
    expect(toast.message).toBe("Download was sent to your email");
  });

  it("every toast has a unique id (so each can be dismissed on its own)", () => {
    const ids = [
      ...errorToasts(Array.from({ length: 200 }, (_, i) => `e${i}`)),
      ...Array.from({ length: 200 }, (_, i) => successToast(`s${i}`)),
    ].map((t) => t.id);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("the same message twice gives two toasts with different ids", () => {
    const [a, b] = errorToasts(["Same", "Same"]);
    expect(a!.id).not.toBe(b!.id);
  });
});

describe("spec §8 success messages", () => {
  it("an export reads 'Download was sent to your email'", () => {
    expect(DOWNLOAD_SENT).toBe("Download was sent to your email");
  });
});
