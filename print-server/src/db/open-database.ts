import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5 } from "./schema.js";

export type Db = Database.Database;

const MIGRATIONS = [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5];

/** Opens (and creates or migrates) the database; `fresh` tells whether it was just created. */
export function openDatabase(file: string): { db: Db; fresh: boolean } {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  const version = db.pragma("user_version", { simple: true }) as number;
  // A migration may rebuild a table (SQLite cannot change a CHECK in place), which needs
  // foreign keys off while it runs (sqlite.org/lang_altertable.html); they are checked before it commits.
  db.pragma("foreign_keys = OFF");
  db.transaction(() => {
    MIGRATIONS.slice(version).forEach((sql) => db.exec(sql));
    const broken = db.pragma("foreign_key_check") as unknown[];
    if (broken.length > 0) throw new Error(`The migration left ${broken.length} broken foreign keys.`);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
  db.pragma("foreign_keys = ON");
  return { db, fresh: version === 0 };
}

/** A read-only connection of its own for a report worker thread, so long report queries never hold up the server. */
export function openReadOnly(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
