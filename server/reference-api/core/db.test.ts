import { pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { ReferenceDb, sqlStatements } from "./db.ts";
import { SCHEMA_SQL } from "./schema.ts";
import { tempDbPath } from "./test-support.ts";
import { seedStatements } from "../seed/seed.ts";

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
    expect(statements.every((s) => /^CREATE (TABLE|(UNIQUE )?INDEX) IF NOT EXISTS \w+/.test(s))).toBe(true);
    expect(statements.at(-1)).toMatch(/^CREATE TABLE IF NOT EXISTS sessions /);
  });
});

describe("the account tables (issue 13)", () => {
  it("come before sessions, which stays last", () => {
    const tables = sqlStatements(SCHEMA_SQL)
      .map((s) => /^CREATE TABLE IF NOT EXISTS (\w+)/.exec(s)?.[1])
      .filter((t): t is string => t !== undefined);
    for (const table of ["account_tokens", "outbox", "npn_registry", "replaced_invitation_tokens"]) {
      expect(tables).toContain(table);
    }
    expect(tables.at(-1)).toBe("sessions");
  });
});

describe("a database file of an older seed version", () => {
  it("gets today's columns: its data tables are created again and seeded; sessions of seed users stay", async () => {
    const { dbPath, remove } = tempDbPath("reference-api-upgrade-");
    const old = createClient({ url: pathToFileURL(dbPath).href });
    try {
      await old.batch(
        [
          `CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
             role TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT NOT NULL, npn_id INTEGER, npn_number TEXT,
             npn_current_max_level TEXT, phone TEXT, sms_consent INTEGER, flags TEXT NOT NULL DEFAULT '{}')`,
          `CREATE TABLE downline_invitations (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL,
             email TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT NOT NULL, level TEXT NOT NULL,
             status TEXT NOT NULL, token TEXT NOT NULL UNIQUE, sent_at TEXT NOT NULL)`,
          `INSERT INTO users (id, email, password_hash, role, first_name, last_name)
             VALUES (99, 'gone@example.com', 'x', 'Agent', 'Gone', 'Away')`,
          `CREATE TABLE sessions (token TEXT PRIMARY KEY, user_id INTEGER NOT NULL, return_to_user_id INTEGER,
             created_at TEXT NOT NULL)`,
          "INSERT INTO sessions VALUES ('kept', 1, NULL, '2026-01-01T00:00:00.000Z')",
          "INSERT INTO sessions VALUES ('orphan', 99, NULL, '2026-01-01T00:00:00.000Z')",
          "PRAGMA user_version = 13",
        ],
        "write",
      );
    } finally {
      old.close();
    }
    const db = await ReferenceDb.open(dbPath, undefined, seedStatements);
    try {
      const columns = async (table: string) =>
        (await db.client.execute(`PRAGMA table_info(${table})`)).rows.map((r) => String(r.name));
      expect(await columns("users")).toEqual(expect.arrayContaining(["status", "upline_user_id"]));
      expect(await columns("downline_invitations")).toEqual(
        expect.arrayContaining(["token_hash", "expires_at", "accepted_user_id"]),
      );
      expect(await columns("downline_invitations")).not.toContain("token");
      expect((await db.findUserByEmail("pending@demo.test"))?.status).toBe("pending");
      expect((await db.findUserByEmail("agent@demo.test"))?.status).toBe("active");
      expect(await db.findUserByEmail("gone@example.com")).toBeNull();
      expect((await db.findSession("kept"))?.user.email).toBe("agent@demo.test");
      const sessions = await db.client.execute("SELECT token FROM sessions ORDER BY token");
      expect(sessions.rows.map((r) => r.token)).toEqual(["kept"]);
    } finally {
      db.close();
      remove();
    }
  });
});
