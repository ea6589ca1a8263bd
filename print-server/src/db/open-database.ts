import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { SCHEMA_V1, SCHEMA_V2 } from "./schema.js";

export type Db = Database.Database;

const MIGRATIONS = [SCHEMA_V1, SCHEMA_V2];

/** Opens (and creates or migrates) the database; `fresh` tells whether it was just created. */
export function openDatabase(file: string): { db: Db; fresh: boolean } {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  const version = db.pragma("user_version", { simple: true }) as number;
  db.transaction(() => {
    MIGRATIONS.slice(version).forEach((sql) => db.exec(sql));
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
  return { db, fresh: version === 0 };
}

/** A read-only connection of its own for a report worker thread, so long report queries never hold up the server. */
export function openReadOnly(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
