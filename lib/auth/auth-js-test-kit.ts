import "server-only";
import { SignJWT } from "jose";
import { PortalError } from "@/lib/browser-safe/errors";
import type { TokenSet } from "@/lib/print-server/token-set";
import { cookieTestEnv } from "./session-test-kit";
import { formPostInit } from "@/lib/http/form-post-init";

// For tests that sign in through Auth.js itself (its signIn(), auth() and
// the Credentials provider): a stand-in for the request scope Next.js gives a
// route handler. next/headers answers the request being served, cookies set
// through it land in `scope.set` (Next.js adds those to the answer), and
// next/server's after() keeps its tasks for the test to run. (This module
// does not import next/server itself: it builds that module's mock.)

export interface SetCookie {
  name: string;
  value: string;
  options?: Record<string, unknown>;
}

export const scope = {
  request: undefined as Request | undefined,
  set: [] as SetCookie[],
  afterTasks: [] as (() => unknown)[],
};

function requestCookies(): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of scope.request?.headers.get("cookie")?.split(";") ?? []) {
    const [name = "", ...value] = part.trim().split("=");
    if (name) cookies.set(name, value.join("="));
  }
  return cookies;
}

/** The module next/headers is mocked with. */
export const nextHeadersMock = {
  headers: async () => new Headers(scope.request?.headers),
  cookies: async () => ({
    get: (name: string) => {
      const value = requestCookies().get(name);
      return value === undefined ? undefined : { name, value };
    },
    getAll: () => [...requestCookies()].map(([name, value]) => ({ name, value })),
    has: (name: string) => requestCookies().has(name),
    set: (name: string, value: string, options?: Record<string, unknown>) => {
      scope.set.push({ name, value, options });
    },
  }),
};

/** next/server with after() keeping its tasks (run them with runAfterTasks). */
export async function nextServerMock(original: () => Promise<typeof import("next/server")>) {
  return { ...(await original()), after: (task: () => unknown) => void scope.afterTasks.push(task) };
}

export async function runAfterTasks(): Promise<void> {
  const tasks = scope.afterTasks.splice(0);
  for (const task of tasks) await task();
}

/** The sign-in form's fields and headers, as a browser posts them from the portal's own page. */
export const signInPostInit = formPostInit;

/** A fresh request scope for `request`. */
export function serving(request: Request): void {
  scope.request = request;
  scope.set = [];
  scope.afterTasks = [];
}

/** The session cookie Auth.js set in this scope, if any. */
export function setSessionCookie(name = "authjs.session-token"): SetCookie | undefined {
  return scope.set.findLast((cookie) => cookie.name === name);
}

/** What the Auth.js tests read from the environment. */
export const authTestEnv = {
  ...cookieTestEnv,
  SESSION_MAX_LIFETIME: 8 * 3600,
  PORTAL_PIN_FAILURE_CEILING: 100,
  PORTAL_TRUSTED_PROXY_HEADER: undefined,
  PORTAL_TRUSTED_PROXIES: undefined,
  PORTAL_SINGLE_SIGN_ON: false,
} as const;

export const alicePin = "112358";
export const alicePassword = { username: "alice", password: "through the looking glass" };

async function aliceTokens(): Promise<TokenSet> {
  const accessToken = await new SignJWT({ sub: "1", username: "alice", name: "Alice Liddell" })
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode("k".repeat(32)));
  return { accessToken, refreshToken: "r", expiresAt: Date.now() + 600_000, lifetimeSeconds: 600, scopes: ["users"] };
}

/** The print server's token endpoint: Alice's PIN and password open, anything else is refused. */
export async function printServerSignIn(
  credentials: { method: "pin"; pin: string } | { method: "password"; username: string; password: string },
): Promise<TokenSet> {
  const right =
    credentials.method === "pin"
      ? credentials.pin === alicePin
      : credentials.username === alicePassword.username && credentials.password === alicePassword.password;
  if (!right) throw new PortalError("invalid_credentials");
  return aliceTokens();
}
