import { componentSchema } from "../openapi/openapi-document.js";
import type { Schemas } from "../openapi/operation-types.js";
import { compile, describeErrors } from "../openapi/schema-validators.js";
import type { Db } from "./open-database.js";

/**
 * The `settings` table: JSON values by key. Key `server` holds the
 * organisation's settings that GET /v3/server/config answers (the
 * ServerConfig of openapi.yaml) except `selfService`, which key `selfService`
 * holds (so data folders from before it get the defaults); `scale` the size
 * of a scale organisation.
 */
export type ServerConfig = Schemas["ServerConfig"];
export type SelfServiceSettings = Schemas["SelfServiceSettings"];
type StoredServerConfig = Omit<ServerConfig, "selfService">;

/** What users may change themselves: the demo's, and the default of a data folder that sets nothing. */
export const DEMO_SELF_SERVICE: SelfServiceSettings = {
  pinChange: { allowed: true, length: 6 },
  profileEditing: true,
  passwordRules: { minLength: 8, maxLength: 128, requireLetter: true, requireDigit: true },
};

export const DEMO_SERVER_CONFIG: StoredServerConfig = {
  language: "en",
  currency: "EUR",
  printingMethods: ["pull-print", "direct", "delegated"],
  jobFormats: ["PDF", "PostScript", "PCL5", "PCL6"],
  accountingMode: "accountingGroups",
  credit: { enabled: true },
  quota: { enabled: true },
};

const isServerConfig = compile<ServerConfig>(componentSchema("ServerConfig"));
const isSelfService = compile<SelfServiceSettings>(componentSchema("SelfServiceSettings"));

export function writeSetting(db: Db, key: string, value: unknown): void {
  db.prepare(
    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(key, JSON.stringify(value));
}

export function readSetting(db: Db, key: string): unknown {
  const row = db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | undefined;
  return row ? JSON.parse(row.value) : undefined;
}

/** Why a value is not valid self-service settings, or null when it is. */
function selfServiceProblem(value: unknown): string | null {
  if (!isSelfService(value)) return describeErrors(isSelfService.errors, "selfService");
  const { minLength, maxLength } = value.passwordRules;
  return minLength > maxLength ? "The password's minimum length is above its maximum length." : null;
}

/** What users may change themselves; the demo's when none are stored. Read on every request, so a change applies at once. */
export function readSelfService(db: Db): SelfServiceSettings {
  const stored = readSetting(db, "selfService");
  if (stored === undefined) return DEMO_SELF_SERVICE;
  const problem = selfServiceProblem(stored);
  if (problem !== null) throw new Error(`The stored self-service settings are not valid: ${problem}`);
  return stored as SelfServiceSettings;
}

/** Stores what users may change themselves; throws (saying why) when the value is not valid. */
export function writeSelfService(db: Db, value: SelfServiceSettings): void {
  const problem = selfServiceProblem(value);
  if (problem !== null) throw new Error(`These self-service settings are not valid: ${problem}`);
  writeSetting(db, "selfService", value);
}

/** The organisation's settings, as GET /v3/server/config answers them; the demo's when none are stored. */
export function readServerConfig(db: Db): ServerConfig {
  const stored = readSetting(db, "server") ?? DEMO_SERVER_CONFIG;
  const config = { ...(stored as object), selfService: readSelfService(db) };
  if (!isServerConfig(config)) throw new Error("The stored server settings do not match openapi.yaml's ServerConfig.");
  return config;
}
