import { componentSchema } from "../openapi/openapi-document.js";
import type { Schemas } from "../openapi/operation-types.js";
import { compile } from "../openapi/schema-validators.js";
import type { Db } from "./open-database.js";

/**
 * The `settings` table: JSON values by key. Key `server` holds the
 * organisation's settings that GET /v3/server/config answers (the
 * ServerConfig of openapi.yaml); `scale` the size of a scale organisation.
 */
export type ServerConfig = Schemas["ServerConfig"];

export const DEMO_SERVER_CONFIG: ServerConfig = {
  language: "en",
  currency: "EUR",
  printingMethods: ["pull-print", "direct", "delegated"],
  jobFormats: ["PDF", "PostScript", "PCL5", "PCL6"],
  accountingMode: "accountingGroups",
  credit: { enabled: true },
  quota: { enabled: true },
};

const isServerConfig = compile<ServerConfig>(componentSchema("ServerConfig"));

export function writeSetting(db: Db, key: string, value: unknown): void {
  db.prepare(
    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(key, JSON.stringify(value));
}

export function readSetting(db: Db, key: string): unknown {
  const row = db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | undefined;
  return row ? JSON.parse(row.value) : undefined;
}

/** The organisation's settings; the demo's when none are stored. */
export function readServerConfig(db: Db): ServerConfig {
  const stored = readSetting(db, "server");
  if (stored === undefined) return DEMO_SERVER_CONFIG;
  if (!isServerConfig(stored)) throw new Error("The stored server settings do not match openapi.yaml's ServerConfig.");
  return stored;
}
