/**
 * The tone of a Ready to Sell status (issue 20): whether an advisor with it may sell the carrier's plans now,
 * is on the way, or is stopped. Stored upstream with each status (rts_statuses.tone, edited in the admin area);
 * the admin list and every downlines page colour its badge by it, so "Terminated" never looks like "Ready to
 * sell". Pure: no I/O.
 */
export const RTS_TONES = ["ready", "in_progress", "blocked"] as const;
export type RtsTone = (typeof RTS_TONES)[number];

export const RTS_TONE_LABELS: Readonly<Record<RtsTone, string>> = {
  ready: "Ready (green)",
  in_progress: "In progress (orange)",
  blocked: "Blocked (red)",
};

/** The badge colour of a tone: one colour per tone wherever an RTS status is shown. */
export const RTS_TONE_COLORS = {
  ready: "green",
  in_progress: "orange",
  blocked: "red",
} as const satisfies Readonly<Record<RtsTone, string>>;
