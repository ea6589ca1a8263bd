import { createHash } from "node:crypto";
import type Database from "better-sqlite3";

/**
 * Every table of a print server database, its rows hashed: equal before and
 * after means nothing was written. Rows are sorted here, not by rowid (some
 * tables are WITHOUT ROWID). Used by the bad-input sweeps of the print server
 * and of the portal (e2e/bad-input.spec.ts).
 */
export function tableHashes(db: Database.Database): Record<string, string> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as Array<{ name: string }>;
  return Object.fromEntries(
    tables.map(({ name }) => {
      const rows = db
        .prepare(`SELECT * FROM "${name}"`)
        .all()
        .map((row) => JSON.stringify(row));
      return [name, createHash("sha256").update(rows.sort().join("\n")).digest("hex")];
    }),
  );
}
