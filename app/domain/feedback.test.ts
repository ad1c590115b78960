import { describe, expect, it } from "vitest";
import {
  RATING_CHOICE,
  RATING_OPTIONS,
  awaitingSummary,
  feedbackIdOf,
  feedbackViewOf,
  messageExcerpt,
  ratingText,
  unreadSummary,
  unreadText,
} from "./feedback";
import { feedbackSchema } from "./feedback-form";

const CATEGORIES = ["Portal and website", "Other"];
const VALID = { subject: "Dark mode", category: "Other", message: "Please add one." };

describe("spec §2 /feedback/form: a new conversation (issue 12)", () => {
  it("needs a subject, one of the categories and a message, as a support ticket", () => {
    const result = feedbackSchema(CATEGORIES).safeParse({ subject: " ", category: "Nope", message: "" });
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]))).toEqual({
      subject: "Enter a subject",
      category: "Choose a category",
      message: "Write your message",
    });
  });

  it("the 1–5 rating is optional: none, or a whole number from 1 to 5", () => {
    expect(feedbackSchema(CATEGORIES).parse(VALID).rating).toBeUndefined();
    expect(feedbackSchema(CATEGORIES).parse({ ...VALID, rating: "5" }).rating).toBe("5");
    for (const rating of ["0", "6", "3.5", "great"]) {
      expect(feedbackSchema(CATEGORIES).safeParse({ ...VALID, rating }).error?.issues[0]?.message, rating).toBe(
        RATING_CHOICE,
      );
    }
  });

  it("offers 'No rating' first, then 1 (poor) to 5 (excellent)", () => {
    expect(RATING_OPTIONS.map((o) => o.value)).toEqual(["", "1", "2", "3", "4", "5"]);
    expect(RATING_OPTIONS.map((o) => o.label)).toEqual(["No rating", "1 (poor)", "2", "3", "4", "5 (excellent)"]);
    expect(ratingText(4)).toBe("Rated 4 of 5");
    expect(ratingText(null)).toBeNull();
  });

  it("refuses an attachment that is not an image or a PDF (decision 008)", () => {
    const text = new File(["x"], "notes.txt", { type: "text/plain" });
    expect(feedbackSchema(CATEGORIES).safeParse({ ...VALID, attachment: text }).error?.issues[0]?.message).toBe(
      "Only images or PDF files can be attached",
    );
  });
});

describe("spec §2 /feedback/:id? and its static pages", () => {
  it("an id is a positive whole number; anything else names no conversation (404)", () => {
    expect(feedbackIdOf("12")).toBe(12);
    for (const raw of [undefined, "", "0", "-1", "1e3", "abc", "1234567890", " 1"])
      expect(feedbackIdOf(raw)).toBeNull();
  });

  it("/feedback/show lists the unread, /feedback/conversation the unresponded, /feedback and /feedback/list all", () => {
    expect(feedbackViewOf("/feedback/show")).toBe("unread");
    expect(feedbackViewOf("/Feedback/Show/")).toBe("unread");
    expect(feedbackViewOf("/feedback/conversation")).toBe("unresponded");
    expect(feedbackViewOf("/feedback/list")).toBe("all");
    expect(feedbackViewOf("/feedback")).toBe("all");
  });
});

describe("spec §7 counts and the list's markers", () => {
  it("says how many staff messages are unread and how many conversations wait for a reply", () => {
    expect(unreadText(1)).toBe("1 unread message");
    expect(unreadText(3)).toBe("3 unread messages");
    expect(unreadSummary(0)).toBe("You have read every message from our staff.");
    expect(unreadSummary(2)).toBe("You have 2 unread messages from our staff.");
    expect(awaitingSummary(0)).toBe("No conversation is waiting for your reply.");
    expect(awaitingSummary(1)).toBe("1 conversation is waiting for your reply.");
    expect(awaitingSummary(2)).toBe("2 conversations are waiting for your reply.");
  });

  it("a last message is shown as its start: whitespace folded, at most 140 characters, cut at a word", () => {
    expect(messageExcerpt("  Thanks,\n\nall good.  ")).toBe("Thanks, all good.");
    const long = `${"word ".repeat(60)}end`;
    const excerpt = messageExcerpt(long);
    expect(excerpt.length).toBeLessThanOrEqual(140);
    expect(excerpt.endsWith("word…")).toBe(true);
    expect(messageExcerpt("x".repeat(300))).toBe(`${"x".repeat(139)}…`);
  });
});
