"use client";

import { useFormatLocale } from "@/hooks/use-format-locale";
import { useMoneyOverview, useProfile } from "@/hooks/use-account";
import { MoneyPanel } from "./money-panel";
import { ProfilePanel } from "./profile-panel";
import { RefreshBar } from "./refresh-bar";

/** The home page's account overview: balance first, then who the person is. */
export function AccountOverview() {
  // Same queries as the panels (shared by key), read here for the "last
  // updated" time.
  const profile = useProfile();
  const money = useMoneyOverview();
  const locale = useFormatLocale();
  const times = [money, profile].filter((query) => query.data !== undefined).map((query) => query.dataUpdatedAt);
  const updatedAt = times.length > 0 ? Math.min(...times) : undefined;
  return (
    <div className="flex flex-col gap-6">
      <RefreshBar updatedAt={updatedAt} locale={locale} />
      <MoneyPanel locale={locale} />
      <ProfilePanel locale={locale} />
    </div>
  );
}
