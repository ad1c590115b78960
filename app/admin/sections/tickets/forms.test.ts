import { describe, expect, it } from "vitest";
import { MAX_TICKET_MESSAGE } from "~/domain/tickets";
import { answerSchema, assignSchema, bulkAssignSchema, MAX_MESSAGE, noteSchema } from "./forms";
import * as z from "zod/mini";

describe("a conversation's admin forms (issue 22)", () => {
  it("take a message as long as the upstream does", () => {
    expect(MAX_MESSAGE).toBe(MAX_TICKET_MESSAGE);
    expect(z.safeParse(answerSchema, { message: "x".repeat(MAX_MESSAGE) }).success).toBe(true);
    expect(z.safeParse(answerSchema, { message: "x".repeat(MAX_MESSAGE + 1) }).success).toBe(false);
  });

  it("refuse a blank answer or note", () => {
    expect(z.safeParse(answerSchema, { message: "  " }).success).toBe(false);
    expect(z.safeParse(noteSchema, {}).success).toBe(false);
  });

  it("assign to an administrator's id, or to nobody", () => {
    expect(z.parse(assignSchema, { assigneeId: "9" })).toEqual({ assigneeId: 9 });
    expect(z.parse(assignSchema, { assigneeId: "" })).toEqual({ assigneeId: null });
    expect(z.safeParse(assignSchema, { assigneeId: "Grace" }).success).toBe(false);
    expect(z.parse(bulkAssignSchema, { id: ["3", "4"], assigneeId: "none" })).toEqual({ id: [3, 4], assigneeId: null });
    expect(z.safeParse(bulkAssignSchema, { id: ["3"] }).success).toBe(false);
  });
});
