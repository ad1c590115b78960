import { describe, expect, it } from "vitest";
import { supportTicketSchema, ticketEntries, ticketReplySchema } from "./tickets";

const CATEGORIES = ["Contracting", "Other"];

describe("contact support and replies (issue 4)", () => {
  it("needs a subject, one of the categories and a message; the attachment is optional", () => {
    const result = supportTicketSchema(CATEGORIES).safeParse({ subject: " ", category: "Nope", message: "" });
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]))).toEqual({
      subject: "Enter a subject",
      category: "Choose a category",
      message: "Write your message",
    });
    expect(
      supportTicketSchema(CATEGORIES).parse({ subject: "Help", category: "Other", message: "Please" }),
    ).toMatchObject({ subject: "Help" });
  });
  it("refuses attachments that are not images or PDF", () => {
    const text = new File(["x"], "notes.txt", { type: "text/plain" });
    expect(ticketReplySchema.safeParse({ message: "Hi", attachment: text }).error?.issues[0]?.message).toBe(
      "Only images or PDF files can be attached",
    );
  });
  it("sends the attachment only when one was chosen", () => {
    const none = new File([], "", { type: "application/octet-stream" });
    const pdf = new File(["%PDF"], "a.pdf", { type: "application/pdf" });
    expect(ticketEntries({ message: "Hi", attachment: none }).map(([k]) => k)).toEqual(["message"]);
    expect(ticketEntries({ message: "Hi", attachment: pdf, extra: undefined }).map(([k]) => k)).toEqual([
      "message",
      "attachment",
    ]);
  });
});
