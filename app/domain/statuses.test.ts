import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENROLLMENT_STATUS_LABELS } from "~/admin/sections/carrier_enrollments/records";
import { NIPR_SYNC_STATUS_LABELS } from "~/admin/sections/nipr_history/records";
import { PAYOUT_STATUS_LABELS } from "~/admin/sections/payout_entries/records";
import { STATUS_LABELS as NOTICE_STATUS_LABELS } from "~/admin/sections/system_notifications/labels";
import { CONVERSATION_STATUS_LABELS } from "~/admin/sections/tickets/records";
import { CONTRACT_STATE_LABELS, USER_STATUS_LABELS } from "~/domain/admin/labels";
import { PAYMENT_STATUS_LABEL } from "~/domain/commission-reconciliation";
import { DOCUMENT_STATUS_LABELS } from "~/domain/compliance-documents";
import { STEP_STATUS_LABELS } from "~/domain/readiness";
import {
  IMPORT_STATUS_WORDS,
  STATUS_TONES,
  importStatusLabel,
  isStatusLabel,
  toneOf,
  waitingText,
  waitingTone,
} from "~/domain/statuses";

describe("issue 37 §4: one status vocabulary, one colour each", () => {
  it("no word has two colours (compared without case: 'Draft' and 'draft' are one word)", () => {
    const tones = new Map<string, Set<string>>();
    for (const [label, tone] of Object.entries(STATUS_TONES)) {
      const word = label.toLowerCase();
      tones.set(word, (tones.get(word) ?? new Set()).add(tone));
    }
    expect([...tones].filter(([, t]) => t.size > 1)).toEqual([]);
    expect(tones.size).toBe(Object.keys(STATUS_TONES).length);
  });

  it("the words the issue names have one tone wherever they show", () => {
    expect(toneOf("Scheduled")).toBe("blue");
    expect(toneOf("Draft")).toBe("gray");
    expect(toneOf("Imported")).toBe("green");
    expect(toneOf("Awaiting staff")).toBe("orange");
  });

  it.each(
    Object.entries({
      USER_STATUS_LABELS,
      CONTRACT_STATE_LABELS,
      PAYOUT_STATUS_LABELS,
      ENROLLMENT_STATUS_LABELS,
      NIPR_SYNC_STATUS_LABELS,
      CONVERSATION_STATUS_LABELS,
      IMPORT_STATUS_WORDS,
      NOTICE_STATUS_LABELS,
      STEP_STATUS_LABELS,
      PAYMENT_STATUS_LABEL,
      DOCUMENT_STATUS_LABELS,
    }),
  )("every status word of %s is in the vocabulary", (_, labels) => {
    expect(Object.values(labels).filter((label) => !isStatusLabel(label))).toEqual([]);
  });

  it("a word outside it (an upstream's own) is gray", () => expect(toneOf("Something else")).toBe("gray"));

  it("an import that refused rows is not a plain 'Imported'", () => {
    expect(importStatusLabel("Imported", 0)).toBe("Imported");
    expect(importStatusLabel("Imported", 3)).toBe("Imported with problems");
    expect(toneOf(importStatusLabel("Imported", 3))).not.toBe(toneOf("Imported"));
    expect(importStatusLabel("Refused", 3)).toBe("Refused");
  });
});

/** Every .tsx under app/ (the routes, components and admin sections). */
function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return path.endsWith(".tsx") && !path.endsWith(".test.tsx") ? [path] : [];
  });
}

describe("issue 37 §4: statuses are drawn by the one StatusBadge", () => {
  it("no badge or tag gives a vocabulary word a colour of its own", () => {
    const words = Object.keys(STATUS_TONES).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const colored = new RegExp(`<(Tag|Badge|PlainBadge|CellBadge)\\b[^>]*\\bcolor=[^>]*>\\s*(${words.join("|")})\\s*<`);
    const offenders = tsxFiles(join(__dirname, "..")).filter((file) => colored.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });
});

describe("issue 37 §4: the tickets queue colours the time waiting for staff", () => {
  it.each([
    [0, "gray"],
    [7, "gray"],
    [8, "yellow"],
    [30, "yellow"],
    [31, "red"],
    [400, "red"],
  ] as const)("%i days waiting: %s", (days, tone) => expect(waitingTone(days)).toBe(tone));

  it("says how long", () => {
    expect(waitingText(0)).toBe("Awaiting staff since today");
    expect(waitingText(1)).toBe("Awaiting staff for 1 day");
    expect(waitingText(12)).toBe("Awaiting staff for 12 days");
  });
});
