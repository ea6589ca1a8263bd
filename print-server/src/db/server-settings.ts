import { z } from "zod";
import type { Db } from "./open-database.js";

export const serverSettingsSchema = z.object({
  language: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  printingMethods: z.array(z.string()),
  jobFormats: z.array(z.string()),
  accountingMode: z.string(),
  credit: z.object({ enabled: z.boolean() }),
  quota: z.object({ enabled: z.boolean() }),
});
export type ServerSettings = z.infer<typeof serverSettingsSchema>;

export const DEMO_SETTINGS: ServerSettings = {
  language: "en",
  currency: "EUR",
  printingMethods: ["pull-print", "direct", "delegated"],
  jobFormats: ["PDF", "PostScript", "PCL5", "PCL6"],
  accountingMode: "accountingGroups",
  credit: { enabled: true },
  quota: { enabled: true },
};

export function readServerSettings(db: Db): ServerSettings {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'server'").get() as { value: string } | undefined;
  return row ? serverSettingsSchema.parse(JSON.parse(row.value)) : DEMO_SETTINGS;
}

export function writeSetting(db: Db, key: string, value: unknown): void {
  db.prepare(
    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(key, JSON.stringify(value));
}

export function readSetting(db: Db, key: string): unknown {
  const row = db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | undefined;
  return row ? JSON.parse(row.value) : undefined;
}
