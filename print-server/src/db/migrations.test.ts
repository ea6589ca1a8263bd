import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { lookupHash } from "../secrets.js";
import { creditLedger } from "./credit-ledger.js";
import { openDatabase } from "./open-database.js";
import { SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5 } from "./schema.js";
import { usersRepository } from "./users.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("migrating a version 1 data folder", () => {
  it("moves PINs to user_pins, adds the directory flag and keeps every ledger line", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "print-server-migration-"));
    dirs.push(dir);
    const file = path.join(dir, "print-server.db");
    const key = randomBytes(32);
    const v1 = new Database(file);
    v1.exec(SCHEMA_V1);
    v1.pragma("user_version = 1");
    v1.prepare("INSERT INTO users (id, username, fullname, pin_hash, created_at) VALUES (1, 'ann', 'Ann', ?, 5)").run(
      lookupHash(key, "424242"),
    );
    v1.prepare(
      "INSERT INTO accounts (id, user_id, reference, name, type) VALUES (1, 1, 'credit', 'Credit', 'credit')",
    ).run();
    v1.prepare(
      "INSERT INTO credit_ledger (account_id, at, amount_cents, kind, note) VALUES (1, 10, 500, 'opening', 'Start')",
    ).run();
    v1.prepare(
      "INSERT INTO credit_ledger (account_id, at, amount_cents, kind, job_id) VALUES (1, 20, -30, 'charge', 7)",
    ).run();
    v1.close();

    const { db, fresh } = openDatabase(file);
    try {
      expect(fresh).toBe(false);
      expect(db.pragma("user_version", { simple: true })).toBe(5);
      const users = usersRepository(db, key);
      expect(users.byPin("424242")).toMatchObject({ id: 1, directory_managed: 0 });
      expect(db.prepare("SELECT pin_hash FROM users").pluck().get()).toBeNull();
      // Version 4: the credit account has MyQ's reference.
      expect(db.prepare("SELECT reference FROM accounts WHERE id = 1").pluck().get()).toBe("internalaccount");
      const ledger = creditLedger(db);
      expect(ledger.balanceCents(1)).toBe(470);
      ledger.append({ accountId: 1, at: 30, amountCents: 25, kind: "adjustment", note: "Fix" });
      const { lines } = ledger.statement(1, { limit: 10, start: 0 });
      expect(lines.map((l) => [l.type, l.amountCents, l.balanceCents])).toEqual([
        ["adjustment", 25, 495],
        ["print", -30, 470],
        ["adjustment", 500, 500],
      ]);
    } finally {
      db.close();
    }
  });
});

describe("migrating a version 2 data folder", () => {
  it("keeps every job and printer: held jobs wait as ready, printed ones keep their print for the reports", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "print-server-migration-"));
    dirs.push(dir);
    const file = path.join(dir, "print-server.db");
    const v2 = new Database(file);
    v2.exec(SCHEMA_V1);
    v2.exec(SCHEMA_V2);
    v2.pragma("user_version = 2");
    v2.prepare("INSERT INTO users (id, username, fullname, created_at) VALUES (1, 'ann', 'Ann', 5)").run();
    v2.prepare(
      "INSERT INTO printers (id, name, location, model, colour, duplex) VALUES (4, 'Hall', 'Floor 1', 'MFP', 1, 0)",
    ).run();
    const job = v2.prepare(
      `INSERT INTO print_jobs (id, user_id, name, state, submitted_at, printed_at, printer_id, pages, copies, colour,
         duplex, cost_cents) VALUES (?, 1, ?, ?, 100, ?, 4, 2, 1, 0, 0, 10)`,
    );
    job.run(7, "Held.pdf", "held", null);
    job.run(8, "Printed.pdf", "printed", 200);
    v2.close();

    const { db } = openDatabase(file);
    try {
      expect(db.pragma("user_version", { simple: true })).toBe(5);
      expect(
        db.prepare("SELECT id, state, printed_at, retained_from, reprint_of FROM print_jobs ORDER BY id").all(),
      ).toEqual([
        { id: 7, state: "ready", printed_at: null, retained_from: 100, reprint_of: null },
        { id: 8, state: "printed", printed_at: 200, retained_from: 200, reprint_of: null },
      ]);
      expect(db.prepare("SELECT id, name, state, mode, colour FROM printers").all()).toEqual([
        { id: 4, name: "Hall", state: "active", mode: "online", colour: 1 },
      ]);
      expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });
});

describe("opening an up-to-date database", () => {
  // A CLI command (clients add, export-ca) opens the database of a running
  // server. Writing the version on open would wait for the server's writes
  // and fail with "database is locked".
  it("writes nothing, so it opens while another connection is writing", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "print-server-migration-"));
    dirs.push(dir);
    const file = path.join(dir, "print-server.db");
    openDatabase(file).db.close();
    const server = openDatabase(file).db;
    try {
      server.exec("BEGIN IMMEDIATE");
      server.prepare("INSERT INTO users (username, fullname, created_at) VALUES ('ann', 'Ann', 5)").run();
      const { db, fresh } = openDatabase(file);
      db.close();
      expect(fresh).toBe(false);
    } finally {
      server.exec("ROLLBACK");
      server.close();
    }
  });
});

describe("two processes creating the same data folder at once", () => {
  // Each reads the version before it takes the lock: the other may create
  // the database in between. Only the one that found it empty under the
  // lock may call it fresh, or both would seed it.
  it("one alone calls the database it created fresh, and the next opening does not", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "print-server-migration-"));
    dirs.push(dir);
    const file = path.join(dir, "print-server.db");
    const first = openDatabase(file);
    first.db.close();
    const second = openDatabase(file);
    second.db.close();
    expect([first.fresh, second.fresh]).toEqual([true, false]);
  });

  it("only the one that found it empty under the lock calls it fresh", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "print-server-migration-"));
    dirs.push(dir);
    const file = path.join(dir, "print-server.db");
    const migrations = [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5];
    // The other process: takes the write lock on the empty database, and
    // creates it only after this one has read the version and waits.
    const other = new Worker(
      `const { parentPort, workerData } = require("node:worker_threads");
      const Database = require(workerData.driver);
      const db = new Database(workerData.file);
      db.pragma("journal_mode = WAL");
      db.exec("BEGIN IMMEDIATE");
      parentPort.postMessage("locked");
      setTimeout(() => {
        for (const sql of workerData.migrations) db.exec(sql);
        db.pragma("user_version = " + workerData.migrations.length);
        db.exec("COMMIT");
        db.close();
      }, 300);`,
      {
        eval: true,
        workerData: { file, migrations, driver: createRequire(import.meta.url).resolve("better-sqlite3") },
      },
    );
    try {
      await once(other, "message");
      const { db, fresh } = openDatabase(file);
      try {
        expect(fresh).toBe(false);
        expect(db.pragma("user_version", { simple: true })).toBe(migrations.length);
      } finally {
        db.close();
      }
    } finally {
      await other.terminate();
    }
  });
});
