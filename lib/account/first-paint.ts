import "server-only";
import type { z } from "zod/mini";
import { meResponse, type MeResponse } from "@/app/api/me/schema";
import { moneyResponse, type MoneyOverview } from "@/app/api/account/money/schema";
import type { InitialRead } from "@/hooks/use-account";
import { valueWithin } from "@/lib/async/value-within";
import { currentSession, withUserToken } from "@/lib/auth/current-session";
import { getEnv } from "@/lib/env";
import { formatLocale } from "@/lib/browser-safe/format-locale";
import { moneyTexts, type MoneyTexts } from "@/lib/browser-safe/money-format";
import { requestLocale } from "@/lib/i18n/request-locale";
import { getOwnProfile } from "@/lib/print-server/users";
import { loadMoneyOverview } from "./load-money-overview";

// The home page's figures, read while the page is rendered, so the balance
// (the page's largest paint) is in its first paint instead of arriving after
// the scripts have loaded and asked for it. They are handed to the browser's
// query cache with the time they were read (hooks/use-account.ts), which
// does not read them again as the page comes. A print server that fails or
// is slow does not hold the page up: past the deadline, or on any failure,
// the page comes without the figure and the browser reads it, with its
// loading, error and Retry. Each answer passes its route's schema, so the
// page carries exactly what the route would answer. The deadline is
// PORTAL_FIRST_PAINT_WAIT_MS (1 s unless set).

/** `read`'s answer through `schema`, or undefined when it failed or missed the deadline. */
export async function readForFirstPaint<T>(
  schema: z.ZodMiniType<T>,
  read: () => Promise<T>,
  deadlineMs: number,
): Promise<InitialRead<T> | undefined> {
  const reading = read().then((value) => ({ data: schema.parse(value), at: Date.now() }));
  // The browser's own read reports the failure (the route logs and words it).
  return valueWithin(reading, deadlineMs, undefined).catch(() => undefined);
}

export interface AccountOverviewStart {
  money?: InitialRead<MoneyOverview>;
  profile?: InitialRead<MeResponse>;
  /** The money in `money` as the server wrote it, for the browser's hydration (adoptMoneyTexts). */
  moneyTexts?: MoneyTexts;
}

/** Every amount the money panel writes. */
function amountsOf({ credit }: MoneyOverview): number[] {
  if (!credit) return [];
  return [
    credit.availableToPrint,
    ...credit.accounts.flatMap(({ balance, minimumBalance }) =>
      minimumBalance === null ? [balance] : [balance, minimumBalance],
    ),
  ];
}

/** The signed-in person's balance and details, for a page that has called requireUser. */
export async function accountOverviewStart(): Promise<AccountOverviewStart> {
  const state = await currentSession();
  if (state.status !== "active") return {};
  const { userId } = state.session;
  // Reads only: a token that expired on its way may be refreshed and the read made again.
  const withToken =
    <T>(call: (token: string) => Promise<T>) =>
    () =>
      withUserToken(state, call, { safeToRepeat: true });
  const deadlineMs = getEnv().PORTAL_FIRST_PAINT_WAIT_MS;
  const [money, profile, language] = await Promise.all([
    readForFirstPaint(
      moneyResponse,
      withToken((token) => loadMoneyOverview(token, userId)),
      deadlineMs,
    ),
    readForFirstPaint(
      meResponse,
      withToken((token) => getOwnProfile(token, userId)),
      deadlineMs,
    ),
    requestLocale(),
  ]);
  // Hydration writes money in the page's language alone: the browser's
  // languages, which may add a region, are read after it (useFormatLocale).
  const texts = money && moneyTexts(amountsOf(money.data), money.data.currency, formatLocale(language, []));
  return { money, profile, moneyTexts: texts };
}
