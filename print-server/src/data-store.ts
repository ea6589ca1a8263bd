import { mkdirSync } from "node:fs";
import { dataPaths, type DataPaths } from "./data-paths.js";
import { loadOrCreateLookupKey } from "./auth/lookup-key.js";
import { openDatabase, type Db } from "./db/open-database.js";
import { seedDemo } from "./db/seed-demo.js";

export interface DataStore {
  paths: DataPaths;
  db: Db;
  lookupKey: Buffer;
  /** True when this call created the database (and seeded the demo organisation). */
  created: boolean;
}

/** Opens the data folder, creating it with the demo organisation on first use. */
export async function openDataStore(dataDir: string): Promise<DataStore> {
  const paths = dataPaths(dataDir);
  mkdirSync(paths.dataDir, { recursive: true, mode: 0o700 });
  const lookupKey = loadOrCreateLookupKey(paths);
  const { db, fresh } = openDatabase(paths.database);
  if (fresh) {
    try {
      await seedDemo(db, lookupKey);
    } catch (err) {
      db.close();
      throw err;
    }
  }
  return { paths, db, lookupKey, created: fresh };
}
