import type { Db } from "../db/open-database.js";
import { readSetting } from "../db/settings.js";

/**
 * The recharge providers that work over REST (MyQ: only these two). `external`
 * records money taken elsewhere (a payment gateway, a cash desk); `voucher`
 * redeems a single-use code. Which are enabled is the setting
 * `rechargeProviders` (a list of references); the demo enables both.
 */
export const RECHARGE_PROVIDERS = {
  external: { name: "External Payment Providers", description: "Credit paid through another system" },
  voucher: { name: "Voucher", description: "A single-use code with a value" },
} as const;

export type ProviderReference = keyof typeof RECHARGE_PROVIDERS;

export const isProviderReference = (value: string): value is ProviderReference =>
  Object.hasOwn(RECHARGE_PROVIDERS, value);

/** The enabled providers, in a stable order. */
export function enabledProviders(db: Db): ProviderReference[] {
  const stored = readSetting(db, "rechargeProviders");
  const wanted = Array.isArray(stored) ? stored : Object.keys(RECHARGE_PROVIDERS);
  return (Object.keys(RECHARGE_PROVIDERS) as ProviderReference[]).filter((ref) => wanted.includes(ref));
}
