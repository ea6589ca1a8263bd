import "server-only";
import { clientAddress } from "@/lib/auth/client-address";
import { sessionIdOfRequest } from "@/lib/auth/current-session";
import { getEnv } from "@/lib/env";
import { errorFields, log } from "@/lib/log";
import { stateStore } from "@/lib/state/configured-state-store";
import { recordSignInAttempt, userAgentLimit, type SignInMethod } from "./sign-in-attempts";

// What a sign-in leaves for the person's "Devices and sign-ins" page: the
// browser and address on the session it opened, and the attempt in their
// list. Called where a sign-in's outcome is known (lib/auth/replace-session.ts);
// a failure here is logged and never fails the sign-in.

type HeaderSource = { get(name: string): string | null };

/** What the sign-in form or single sign-on knows of the attempt before its outcome. */
export interface AttemptStart {
  method: SignInMethod;
  /** The user name typed, when the form asks for one. */
  username?: string;
}

/** The browser's User-Agent and address, as far as the portal can tell. */
export function deviceOf(headers: HeaderSource): { userAgent?: string; address?: string } {
  const env = getEnv();
  const address = clientAddress(headers, {
    header: env.PORTAL_TRUSTED_PROXY_HEADER,
    proxies: env.PORTAL_TRUSTED_PROXIES,
  });
  return { userAgent: headers.get("user-agent")?.slice(0, userAgentLimit) || undefined, address };
}

/** The refusal's code, as Auth.js carries it out of `authorize` (SignInRefused, SignOnRefused). */
function refusalCode(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^[a-z_-]{1,40}$/.test(code) ? code : "failed";
}

/** A refused attempt, filed under the name typed (none: not kept). */
export async function noteRefusedSignIn(headers: HeaderSource, start: AttemptStart, error: unknown): Promise<void> {
  if (!start.username) return;
  try {
    await recordSignInAttempt({
      ...deviceOf(headers),
      at: Date.now(),
      method: start.method,
      outcome: "refused",
      reason: refusalCode(error),
      username: start.username,
    });
  } catch (failure) {
    log.warn("sign-in not noted for devices", errorFields(failure));
  }
}

/** The session this request's answer opened gets the browser's details, and the person's list the sign-in. */
export async function noteSignedIn(headers: HeaderSource, start: AttemptStart): Promise<void> {
  try {
    // The session cookie Auth.js has just set on this answer names the new session.
    const sessionId = await sessionIdOfRequest();
    const live = sessionId ? await stateStore().readSession(sessionId) : undefined;
    if (!sessionId || !live) return;
    const device = deviceOf(headers);
    await stateStore().updateSession(sessionId, { ...live.session, ...device }, getEnv().SESSION_IDLE_TIMEOUT);
    await recordSignInAttempt({
      ...device,
      at: Date.now(),
      method: start.method,
      outcome: "signed-in",
      reason: "signed-in",
      userId: live.session.userId,
      username: live.session.username,
    });
  } catch (error) {
    log.warn("sign-in not noted for devices", errorFields(error));
  }
}
