import { randomBytes } from "node:crypto";

/** A person signed in at one printer's panel. */
export interface PanelSession {
  userId: number;
  printerId: number;
  expiresAt: number;
}

export type FormPurpose = "sign-in" | "print" | "scan";

/** What a submitted form answers; kept so that a second submit of the same form answers the same. */
export interface PanelAnswer {
  status: 200 | 400 | 404 | 429 | 500 | 502;
  body: string;
  retryAfter?: string;
}

interface IssuedForm {
  purpose: FormPurpose;
  /** The panel session the form was shown in; null for the sign-in form. */
  session: string | null;
  expiresAt: number;
  answer?: Promise<PanelAnswer>;
}

export interface PanelSessionOptions {
  /** A panel signs its person out after this long without a step (milliseconds). */
  idleMs: number;
  /** How long a shown form can be sent, and its answer is kept for a second submit. */
  formMs: number;
  /** At most this many sessions and forms are kept; the oldest go first. */
  maxEntries: number;
}

export const PANEL_SESSION_DEFAULTS: PanelSessionOptions = {
  idleMs: 10 * 60_000,
  formMs: 30 * 60_000,
  maxEntries: 10_000,
};

const newId = () => randomBytes(32).toString("base64url");

function capped<V>(map: Map<string, V>, max: number): void {
  for (const key of map.keys()) {
    if (map.size <= max) return;
    map.delete(key);
  }
}

/**
 * The panels' sessions and one-time form tokens, in memory (a restart signs
 * everyone out, as a printer's reboot does). A session id travels only in the
 * panel's own forms, never in a URL or a cookie, so another site cannot make
 * a browser act in it. Each print or scan form carries a token that runs its
 * work once: a second submit of that form answers what the first did.
 */
export function createPanelSessions(options: PanelSessionOptions = PANEL_SESSION_DEFAULTS, clock = Date.now) {
  const sessions = new Map<string, PanelSession>();
  const forms = new Map<string, IssuedForm>();

  function sweep(): void {
    const now = clock();
    for (const [id, s] of sessions) if (s.expiresAt <= now) sessions.delete(id);
    for (const [id, f] of forms) if (f.expiresAt <= now) forms.delete(id);
  }
  const timer = setInterval(sweep, 60_000);
  timer.unref();

  return {
    start(userId: number, printerId: number): string {
      const id = newId();
      sessions.set(id, { userId, printerId, expiresAt: clock() + options.idleMs });
      capped(sessions, options.maxEntries);
      return id;
    },

    /** The live session of that id, its idle time restarted; undefined when unknown or signed out. */
    get(id: string): PanelSession | undefined {
      const session = sessions.get(id);
      if (!session) return undefined;
      if (session.expiresAt <= clock()) {
        sessions.delete(id);
        return undefined;
      }
      session.expiresAt = clock() + options.idleMs;
      return session;
    },

    end(id: string): void {
      sessions.delete(id);
      for (const [formId, f] of forms) if (f.session === id) forms.delete(formId);
    },

    /** A new one-time token for a form shown in this session (null: the sign-in form). */
    issueForm(purpose: FormPurpose, session: string | null): string {
      const id = newId();
      forms.set(id, { purpose, session, expiresAt: clock() + options.formMs });
      capped(forms, options.maxEntries);
      return id;
    },

    /**
     * Runs `work` for the first submit of a form token, and answers every
     * later submit of it with the same answer; null for a token that this
     * panel did not issue for this purpose and session (or that expired).
     * Synchronous up to starting `work`, so two submits at once cannot both start it.
     */
    redeem(
      token: string,
      purpose: FormPurpose,
      session: string | null,
      work: () => Promise<PanelAnswer>,
    ): Promise<PanelAnswer> | null {
      const form = forms.get(token);
      if (!form || form.purpose !== purpose || form.session !== session || form.expiresAt <= clock()) return null;
      form.answer ??= work();
      return form.answer;
    },

    stop: () => clearInterval(timer),
  };
}

export type PanelSessions = ReturnType<typeof createPanelSessions>;
