import { describe, expect, it } from "vitest";
import { sqlStatements } from "./db.ts";
import { SCHEMA_SQL } from "./schema.ts";

describe("sqlStatements: the statements of schema.ts", () => {
  it("splits at each ';' and drops comments, including a ';' or a blank line inside a comment", () => {
    const script = `-- header; with a semicolon
CREATE TABLE a (
  id INTEGER PRIMARY KEY, -- the id; inline
  name TEXT
);

-- between
CREATE INDEX a_name ON a (name);
`;
    expect(sqlStatements(script)).toEqual([
      "CREATE TABLE a (\n  id INTEGER PRIMARY KEY, \n  name TEXT\n)",
      "CREATE INDEX a_name ON a (name)",
    ]);
  });

  it("reads every table and index of the reference database, sessions last", () => {
    const statements = sqlStatements(SCHEMA_SQL);
    expect(statements.every((s) => /^CREATE (TABLE|INDEX) IF NOT EXISTS \w+/.test(s))).toBe(true);
    expect(statements.at(-1)).toMatch(/^CREATE TABLE IF NOT EXISTS sessions /);
  });
});
