import { randomBytes } from "node:crypto";
import type { DataPaths } from "../data-paths.js";
import { readIfExists, writeSecretFile } from "../secret-files.js";

/** The HMAC key for PIN and card lookups, in its own file beside (not inside) the database. */
export function loadOrCreateLookupKey(paths: DataPaths): Buffer {
  const existing = readIfExists(paths.lookupKey);
  if (existing) return Buffer.from(existing.trim(), "base64");
  const key = randomBytes(32);
  writeSecretFile(paths.lookupKey, key.toString("base64") + "\n");
  return key;
}
