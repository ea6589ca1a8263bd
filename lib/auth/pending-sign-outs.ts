import "server-only";
import { errorFields, log } from "@/lib/log";
import { processSingleton } from "@/lib/process-singletons";
import type { StateStore, StoredSession } from "@/lib/state/state-store";

// Sessions signed out while the state store was out (docs/decisions/013):
// the browser's cookie is cleared at once, and this instance remembers the
// session id until the store answers again, then deletes the stored session
// and has its refresh token revoked. Until then this instance counts the
// session as ended, so a copy of the old cookie cannot bring it back here.

export interface PendingSignOutDeps {
  store: () => StateStore;
  /** Revokes the stored session's refresh token at the print server. */
  revoke: (session: StoredSession) => Promise<void>;
  /** How often the store is tried again. */
  retryMs?: number;
}

interface Pending {
  ids: Set<string>;
  timer?: NodeJS.Timeout;
  /** A flush under way: a store call may wait longer than the retry interval. */
  flushing?: boolean;
}

function pending(): Pending {
  return processSingleton("pending-sign-outs", (): Pending => ({ ids: new Set() }));
}

/** Whether this session was signed out here while the store was out and is not yet gone from it. */
export function signedOutWhileStoreOut(sessionId: string | undefined): boolean {
  return sessionId !== undefined && pending().ids.has(sessionId);
}

/** Remembers a session signed out while the store was out, and tries the store again until it is gone there. */
export function rememberSignOut(sessionId: string, deps: PendingSignOutDeps): void {
  const state = pending();
  state.ids.add(sessionId);
  if (state.timer) return;
  state.timer = setInterval(() => void flushSignOuts(deps), deps.retryMs ?? 1_000);
  // Never what keeps the process alive at shutdown.
  state.timer.unref();
}

/** Ends every remembered session in the store; those the store cannot reach yet stay remembered. */
export async function flushSignOuts(deps: PendingSignOutDeps): Promise<void> {
  const state = pending();
  if (state.flushing) return;
  state.flushing = true;
  try {
    await flushEach(state, deps);
  } finally {
    state.flushing = false;
  }
}

async function flushEach(state: Pending, deps: PendingSignOutDeps): Promise<void> {
  for (const sessionId of [...state.ids]) {
    try {
      const live = await deps.store().readSession(sessionId);
      if (live) {
        await deps.store().deleteSession(sessionId, live.session.userId);
        await deps.revoke(live.session).catch((error: unknown) => {
          log.warn("refresh token not revoked at sign-out", errorFields(error));
        });
      }
      state.ids.delete(sessionId);
      log.info("signed out in the state store after its outage");
    } catch {
      // Still out: tried again at the next tick.
      return;
    }
  }
  if (state.ids.size === 0 && state.timer) {
    clearInterval(state.timer);
    state.timer = undefined;
  }
}
