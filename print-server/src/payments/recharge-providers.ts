import type { Db } from "../db/open-database.js";
import { readSetting, writeSetting } from "../db/settings.js";

/**
 * The recharge providers that work over REST (MyQ: only these two). `external`
 * records money taken elsewhere (a payment gateway, a cash desk); `voucher`
 * redeems a single-use code. Which are enabled is the setting
 * `rechargeProviders` (a list of references, changed by the CLI's `settings
 * recharge-providers`); the demo enables both. Read on every request, so a
 * change applies at once.
 */
export const RECHARGE_PROVIDERS = {
  external: { name: "External Payment Providers", description: "Credit paid through another system" },
  voucher: { name: "Voucher", description: "A single-use code with a value" },
} as const;

export type ProviderReference = keyof typeof RECHARGE_PROVIDERS;

/** Every provider's reference, in a stable order. */
export const providerReferences = Object.keys(RECHARGE_PROVIDERS) as ProviderReference[];

export const isProviderReference = (value: string): value is ProviderReference =>
  Object.hasOwn(RECHARGE_PROVIDERS, value);

/** The enabled providers, in a stable order. */
export function enabledProviders(db: Db): ProviderReference[] {
  const stored = readSetting(db, "rechargeProviders");
  const wanted: unknown[] = Array.isArray(stored) ? stored : providerReferences;
  return providerReferences.filter((ref) => wanted.includes(ref));
}

export function writeEnabledProviders(db: Db, enabled: readonly ProviderReference[]): void {
  writeSetting(
    db,
    "rechargeProviders",
    providerReferences.filter((ref) => enabled.includes(ref)),
  );
}
