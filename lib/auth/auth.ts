import "server-only";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getEnv } from "@/lib/env";
import { log, errorFields } from "@/lib/log";
import { authCookies } from "./auth-cookies";
import { stateStore } from "@/lib/state/configured-state-store";
import { startSession } from "./sign-in";
import { finishSignOn, signOnConfig, SignOnFailed, type SignOnProblem } from "./single-sign-on";
import { openSignOn } from "./sign-on-cookie";
import { sessionCookieSeconds } from "./session-cookie";
import { credentialsProvider, SignInRefused } from "./credentials-provider";

// Auth.js with a JWT session: the encrypted cookie carries only a random
// session id and the name to show. The print server's tokens stay in the
// server-side state store (lib/state/). Auth.js signs everyone in: by PIN or
// password (credentials-provider.ts) and by single sign-on (below).

declare module "next-auth" {
  interface Session {
    sessionId: string;
    user: { name: string; username: string };
  }
  interface User {
    username?: string;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    sid?: string;
    username?: string;
  }
}

/** Carries what went wrong in single sign-on out of `authorize` to the callback route. */
export class SignOnRefused extends CredentialsSignin {
  readonly problem: SignOnProblem;
  constructor(problem: SignOnProblem) {
    super(problem);
    this.problem = problem;
    this.code = problem;
  }
}

/** The Auth.js provider id of single sign-on (the callback route signs in with it). */
export const singleSignOnProvider = "single-sign-on";

export const { auth, signIn, signOut } = NextAuth(() => {
  const env = getEnv();
  // next-auth reads its public URL from AUTH_URL; the portal names it PORTAL_URL.
  process.env.AUTH_URL ??= env.PORTAL_URL;
  return {
    secret: env.AUTH_SECRET,
    trustHost: true,
    cookies: authCookies(env.PORTAL_URL),
    // The cookie as session-cookie.ts renews it: a little longer than the idle timeout.
    session: { strategy: "jwt", maxAge: sessionCookieSeconds(env.SESSION_IDLE_TIMEOUT) },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    logger: {
      // Auth.js would log whole error objects; keep only names, never values.
      error: (error) => {
        if (error instanceof SignInRefused || error instanceof SignOnRefused) return;
        log.error("auth error", errorFields(error));
      },
      warn: (code) => log.warn("auth warning", { code }),
      debug: () => undefined,
    },
    providers: [
      credentialsProvider,
      // Single sign-on: the callback route hands over the print server's
      // answer (its query) and this browser's sealed sign-on cookie; both are
      // checked and the code exchanged here. No Auth.js HTTP handler is
      // mounted, so only the portal's own routes reach this.
      Credentials({
        id: singleSignOnProvider,
        credentials: { query: {}, sealed: {} },
        authorize: async (raw) => {
          const text = (value: unknown) => (typeof value === "string" ? value : undefined);
          try {
            const pending = await openSignOn(text(raw.sealed), env.AUTH_SECRET);
            const tokens = await finishSignOn(new URLSearchParams(text(raw.query) ?? ""), pending, signOnConfig());
            const signedIn = await startSession(tokens, {
              store: stateStore(),
              idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT,
              maxLifetimeSeconds: env.SESSION_MAX_LIFETIME,
            });
            log.info("signed in", { method: "single-sign-on", userId: signedIn.userId });
            return { id: signedIn.sessionId, name: signedIn.fullName, username: signedIn.username };
          } catch (error) {
            const failed = error instanceof SignOnFailed ? error : undefined;
            log.info("single sign-on refused", {
              problem: failed?.problem ?? "failed",
              reason: failed?.reason ?? "session could not be opened",
              ...(failed ? {} : errorFields(error)),
            });
            throw new SignOnRefused(failed?.problem ?? "failed");
          }
        },
      }),
    ],
    callbacks: {
      jwt: ({ token, user }) => {
        if (user) return { sid: user.id, name: user.name, username: user.username };
        return token;
      },
      session: ({ session, token }) => ({
        ...session,
        sessionId: token.sid ?? "",
        user: { ...session.user, name: token.name ?? "", username: token.username ?? "" },
      }),
    },
  };
});
