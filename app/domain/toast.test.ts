import { describe, expect, it } from "vitest";
import { errorMessages } from "~/domain/errors";
import {
  DOWNLOAD_SENT,
  MAX_FLASH_TOASTS,
  MAX_TOAST_MESSAGE_CHARS,
  TOAST_LIFETIME_MS,
  collapseToasts,
  errorToasts,
  flashToasts,
  moreMessagesText,
  successToast,
  toastText,
} from "~/domain/toast";

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

describe("a flash carries few toasts: identical messages collapse into one with a count", () => {
  it("collapses the same type and message, keeping the first id and the order", () => {
    const toasts = [
      ...errorToasts(["No invitation with id 7", "Other", "No invitation with id 7"]),
      successToast("Other"),
    ];
    const collapsed = collapseToasts(toasts);
    expect(collapsed.map((t) => [t.type, t.message, t.count])).toEqual([
      ["error", "No invitation with id 7", 2],
      ["error", "Other", undefined],
      ["success", "Other", undefined],
    ]);
    expect(collapsed[0]!.id).toBe(toasts[0]!.id);
  });

  it("adds counts that were already there", () => {
    const [a] = errorToasts(["Same"]);
    expect(collapseToasts([{ ...a!, count: 3 }, ...errorToasts(["Same"])])[0]!.count).toBe(4);
  });

  it("reads the count: 'message (N times)' when more than once", () => {
    const [once] = errorToasts(["Refused"]);
    expect(toastText(once!)).toBe("Refused");
    expect(toastText({ ...once!, count: 2000 })).toBe("Refused (2000 times)");
  });

  it("2,000 identical errors are one toast", () => {
    const flash = flashToasts(errorToasts(Array.from({ length: 2000 }, () => "No invitation with id 1")));
    expect(flash).toHaveLength(1);
    expect(flash[0]!.count).toBe(2000);
  });

  it(`at most ${MAX_FLASH_TOASTS} toasts; the last one says how many messages were not shown`, () => {
    const flash = flashToasts([
      successToast("2 invitations withdrawn"),
      ...errorToasts(Array.from({ length: 2000 }, (_, i) => `No invitation with id ${i}`)),
    ]);
    expect(flash).toHaveLength(MAX_FLASH_TOASTS);
    expect(flash[0]!.message).toBe("2 invitations withdrawn");
    expect(flash.at(-1)).toMatchObject({ type: "error", message: moreMessagesText(2000 - (MAX_FLASH_TOASTS - 2)) });
    expect(moreMessagesText(1)).toBe("…and 1 more message not shown here.");
  });

  it("counts collapsed messages among those not shown", () => {
    const flash = flashToasts([...errorToasts(["a", "b", "c", "c", "c"])], 2);
    expect(flash.map((t) => t.message)).toEqual(["a", moreMessagesText(4)]);
  });

  it("the summary of hidden successes is green", () => {
    const flash = flashToasts(["a", "b", "c"].map(successToast), 2);
    expect(flash[1]!.type).toBe("success");
  });

  it(`cuts a message longer than ${MAX_TOAST_MESSAGE_CHARS} characters`, () => {
    const [long] = flashToasts(errorToasts(["x".repeat(10_000)]));
    expect([...long!.message]).toHaveLength(MAX_TOAST_MESSAGE_CHARS);
    expect(long!.message.endsWith("…")).toBe(true);
  });

  it("leaves a short list as it is", () => {
    const toasts = [successToast("Saved"), ...errorToasts(["One", "Two"])];
    expect(flashToasts(toasts)).toEqual(toasts);
  });
});
