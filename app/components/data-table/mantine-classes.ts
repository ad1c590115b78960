/**
 * Mantine's own class names (9.7), for the table's parts written as plain elements (issue 21: the look of
 * Mantine's Table, Input, Button and Badge without a component and its inline styles per cell, field or link).
 * Written out rather than read from `Table.classes` & co., so that a page does not load those components for
 * their names; mantine-classes.test.ts fails when an upgrade of Mantine changes one.
 */
export const MC = {
  table: "m_b23fa0ef mantine-Table-table",
  caption: "m_9e5a3ac7 mantine-Table-caption",
  thead: "m_b242d975 mantine-Table-thead",
  tr: "m_4e7aa4fd mantine-Table-tr",
  th: "m_4e7aa4f3 mantine-Table-th",
  td: "m_4e7aa4ef mantine-Table-td",
  tbody: "m_b2404537 mantine-Table-tbody",
  inputRoot: "m_46b77525 mantine-InputWrapper-root",
  inputLabel: "m_8fdc1311 mantine-InputWrapper-label",
  inputWrapper: "m_6c018570 mantine-Input-wrapper",
  input: "m_8fb7ebe7 mantine-Input-input",
  inputSection: "m_82577fc2 mantine-Input-section",
  button: "mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631",
  buttonInner: "m_80f1301b",
  buttonLabel: "m_811560b9 mantine-Button-label",
  badge: "m_347db0ec mantine-Badge-root",
  badgeLabel: "m_5add502a mantine-Badge-label",
} as const;
