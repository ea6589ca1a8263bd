import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5 } from "./schema.js";

export type Db = Database.Database;

const MIGRATIONS = [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5];

/**
 * Applies the migrations the database lacks in one transaction. Only when there
 * are some: an up-to-date database is opened without a write or a check, so
 * a CLI command beside a running server (`clients add`, `export-ca`) neither
 * reads every foreign key of a large organisation (a second at 20,000
 * people) nor waits for the server's writes. The transaction is IMMEDIATE:
 * it takes the write lock before reading, so a server committing meanwhile
 * makes it wait, not fail. Answers the version it found under the lock.
 */
function migrate(db: Db): number {
  // A migration may rebuild a table (SQLite cannot change a CHECK in place), which needs
  // foreign keys off while it runs (sqlite.org/lang_altertable.html); they are checked before it commits.
  db.pragma("foreign_keys = OFF");
  return db
    .transaction(() => {
      // Read again under the lock: another process may have migrated since.
      const current = db.pragma("user_version", { simple: true }) as number;
      MIGRATIONS.slice(current).forEach((sql) => db.exec(sql));
      const broken = db.pragma("foreign_key_check") as unknown[];
      if (broken.length > 0) throw new Error(`The migration left ${broken.length} broken foreign keys.`);
      db.pragma(`user_version = ${MIGRATIONS.length}`);
      return current;
    })
    .immediate();
}

/** Opens (and creates or migrates) the database; `fresh` tells whether it was just created. */
export function openDatabase(file: string): { db: Db; fresh: boolean } {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  const version = db.pragma("user_version", { simple: true }) as number;
  // Fresh only if it was still empty under the lock: of two processes creating it at once, one seeds it.
  const found = version < MIGRATIONS.length ? migrate(db) : version;
  db.pragma("foreign_keys = ON");
  return { db, fresh: found === 0 };
}

/** A read-only connection of its own for a report worker thread, so long report queries never hold up the server. */
export function openReadOnly(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
