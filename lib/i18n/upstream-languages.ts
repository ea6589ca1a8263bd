import "server-only";
import { processSingleton } from "@/lib/process-singletons";
import { withUserToken, type ActiveSession } from "@/lib/auth/current-session";
import { valueWithin } from "@/lib/async/value-within";
import { withClientToken } from "@/lib/print-server/client-token";
import { serverConfig } from "@/lib/print-server/server-config";
import { getOwnProfile } from "@/lib/print-server/users";

// The two languages the print server knows: the person's profile `lang` and
// the server's configured language. Pages wait for them before rendering, so
// they are kept per process for a few minutes (failures for less), and a slow
// print server never holds a page up for more than a moment: a lookup that
// misses the deadline finishes in the background and fills the cache.

export const languageTtlMs = 5 * 60_000;
const failureTtlMs = 30_000;
export const lookupDeadlineMs = 1_500;

interface Remembered {
  value: string | null;
  expiresAt: number;
  /** Set by a change the person made: a lookup that started before it must not overwrite it. */
  changedAt?: number;
}

/** What this process looked up, shared by every bundle (lib/process-singletons.ts). */
function remembered(): Map<string, Remembered> {
  return processSingleton("i18n.upstream-languages", () => new Map<string, Remembered>());
}

async function lookUp(key: string, load: () => Promise<string | null>, now: () => number): Promise<string | null> {
  const cache = remembered();
  const known = cache.get(key);
  if (known && known.expiresAt > now()) return known.value;
  const startedAt = now();
  // A late answer read before the person changed the value is stale: the change stays.
  const keep = (value: string | null, ttlMs: number) => {
    const changedAt = cache.get(key)?.changedAt;
    if (changedAt === undefined || changedAt < startedAt) cache.set(key, { value, expiresAt: now() + ttlMs });
  };
  const loading = load().then(
    (value) => {
      keep(value, languageTtlMs);
      return value;
    },
    () => {
      // An outage is the data areas' news to tell; the language just falls back.
      keep(null, failureTtlMs);
      return null;
    },
  );
  return valueWithin(loading, lookupDeadlineMs, null);
}

export interface UpstreamLanguages {
  profileLanguage: string | null;
  serverLanguage: string | null;
}

/** For a signed-in person: their profile language and the server's, read with their token. */
export async function languagesForSession(
  active: ActiveSession,
  now: () => number = Date.now,
): Promise<UpstreamLanguages> {
  const { userId } = active.session;
  const [profileLanguage, serverLanguage] = await Promise.all([
    lookUp(
      `profile:${userId}`,
      () =>
        withUserToken(active, async (token) => (await getOwnProfile(token, userId)).language, { safeToRepeat: true }),
      now,
    ),
    lookUp(
      "server",
      () => withUserToken(active, async (token) => (await serverConfig(token)).language, { safeToRepeat: true }),
      now,
    ),
  ]);
  return { profileLanguage, serverLanguage };
}

/** Before sign-in: only the server's language, read with the portal's own token. */
export async function languagesWithoutSession(now: () => number = Date.now): Promise<UpstreamLanguages> {
  const serverLanguage = await lookUp(
    "server",
    async () => withClientToken(async (token) => (await serverConfig(token)).language),
    now,
  );
  return { profileLanguage: null, serverLanguage };
}

/**
 * A person changed their profile language: it is what the portal knows from
 * now on, on every device, even when a lookup that started before the change
 * (and read the old language) answers later.
 */
export function rememberProfileLanguage(userId: number, language: string, now: () => number = Date.now): void {
  const at = now();
  remembered().set(`profile:${userId}`, { value: language, expiresAt: at + languageTtlMs, changedAt: at });
}

/** Forgets what was looked up (tests). */
export function clearUpstreamLanguages(): void {
  remembered().clear();
}
