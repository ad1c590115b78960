/**
 * Mantine's own class names (9.7), for the table's parts written as plain elements (issue 21: the look of
 * Mantine's Table, Input, Button and Badge without a component and its inline styles per cell, field or link).
 * Written out rather than read from `Table.classes` & co., so that a page does not load those components for
 * their names; mantine-classes.test.ts fails when an upgrade of Mantine changes one. Mantine's CSS selects only
 * the hashed `m_…` names: the readable `mantine-X-y` ones are kept only where app.css or a test selects them
 * (the badge's; app.css gives the button's rules to its hashed names too), to keep every page's HTML small (issue 21).
 */
export const MC = {
  table: "m_b23fa0ef",
  caption: "m_9e5a3ac7",
  thead: "m_b242d975",
  tr: "m_4e7aa4fd",
  th: "m_4e7aa4f3",
  td: "m_4e7aa4ef",
  tbody: "m_b2404537",
  inputRoot: "m_46b77525",
  inputLabel: "m_8fdc1311",
  inputWrapper: "m_6c018570",
  input: "m_8fb7ebe7",
  inputSection: "m_82577fc2",
  button: "mantine-focus-auto mantine-active m_77c9d27d m_87cf2631",
  buttonInner: "m_80f1301b",
  buttonLabel: "m_811560b9",
  badge: "m_347db0ec mantine-Badge-root",
  badgeLabel: "m_5add502a mantine-Badge-label",
} as const;
