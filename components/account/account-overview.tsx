"use client";

import { useFormatLocale } from "@/hooks/use-format-locale";
import { useMoneyOverview, useProfile } from "@/hooks/use-account";
import type { AccountOverviewStart } from "@/lib/account/first-paint";
import { adoptMoneyTexts } from "@/lib/browser-safe/money-format";
import { MoneyPanel } from "./money-panel";
import { ProfilePanel } from "./profile-panel";
import { RefreshBar } from "./refresh-bar";

/**
 * The home page's account overview: balance first, then who the person is.
 * `start`: the figures the server read for the page; what it lacks is read here.
 */
export function AccountOverview({ start }: { start: AccountOverviewStart }) {
  // Before the panels render: hydration writes the server's money texts
  // instead of loading ICU's data in its task (money-format.ts).
  adoptMoneyTexts(start.moneyTexts);
  const profile = useProfile(start.profile);
  const money = useMoneyOverview(start.money);
  const locale = useFormatLocale();
  const reads = [money, profile];
  // The oldest figure on the page, so "last updated" never claims more than is true.
  const times = reads.filter((read) => read.data !== undefined).map((read) => read.dataUpdatedAt);
  const fetching = reads.some((read) => read.isFetching);
  return (
    <div className="flex flex-col gap-6">
      <RefreshBar
        updatedAt={times.length > 0 ? Math.min(...times) : undefined}
        locale={locale}
        fetching={fetching}
        onRefresh={() => {
          if (!fetching) reads.forEach((read) => void read.refetch());
        }}
      />
      <MoneyPanel read={money} locale={locale} />
      <ProfilePanel read={profile} locale={locale} />
    </div>
  );
}
