import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { decode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { z } from "zod/mini";
import { signInLimit } from "./failed-sign-ins";
import { CountingStore } from "./session-test-kit";
import {
  alicePassword,
  alicePin,
  authTestEnv,
  runAfterTasks,
  scope,
  serving,
  setSessionCookie,
  signInPostInit,
} from "./auth-js-test-kit";

// PIN and password sign-in through Auth.js itself: its signIn() runs the
// Credentials provider, whose `authorize` makes the counted attempt and opens
// the server-side session, and Auth.js seals the cookie. What it seals must be
// what Auth.js's decode() and auth() open and what the route wrapper accepts,
// with nothing of the print server's tokens in it; refusals count as before.

const store = vi.hoisted(() => ({ current: undefined as unknown }));
const env = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("react", async (importOriginal) => ({
  ...(await importOriginal<typeof import("react")>()),
  cache: <T>(fn: T) => fn,
}));
vi.mock("next/headers", async () => (await import("./auth-js-test-kit")).nextHeadersMock);
vi.mock("next/server", async (original) =>
  (await import("./auth-js-test-kit")).nextServerMock(original as () => Promise<typeof import("next/server")>),
);
vi.mock("@/lib/env", () => ({ getEnv: () => env.current }));
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => store.current }));
vi.mock("@/lib/print-server/token-endpoint", async () => ({
  signInUser: vi.fn((await import("./auth-js-test-kit")).printServerSignIn),
  refreshUserTokens: vi.fn(),
  revokeRefreshToken: vi.fn(async () => true),
}));
vi.mock("@/lib/log", () => ({
  log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  errorFields: (error: { name?: string; code?: string }) => ({ errorName: error.name, errorCode: error.code }),
}));

const { signInUser } = await import("@/lib/print-server/token-endpoint");
const { log } = await import("@/lib/log");
const { auth, signIn } = await import("./auth");
const { credentialsProviderId, SignInRefused } = await import("./credentials-provider");
const { answerJson, userRoute } = await import("@/lib/http/route");

type Credentials = { method: "pin"; pin: string } | { method: "password"; username: string; password: string };
const right: Record<Credentials["method"], Credentials> = {
  pin: { method: "pin", pin: alicePin },
  password: { method: "password", ...alicePassword },
};
const wrong: Record<Credentials["method"], Credentials> = {
  pin: { method: "pin", pin: "999999" },
  password: { method: "password", username: "alice", password: "not it" },
};

let counting: CountingStore;

/** Auth.js's signIn() as the sign-in route calls it, in a request scope of its own. */
async function signInWith(credentials: Credentials, cookie?: string): Promise<string> {
  const fields = Object.fromEntries(Object.entries(credentials));
  serving(new NextRequest("http://localhost:3000/api/auth/sign-in", signInPostInit(fields, cookie ? { cookie } : {})));
  return signIn(credentialsProviderId, { ...credentials, redirectTo: "/jobs", redirect: false });
}

async function refusalOf(credentials: Credentials) {
  const error = await signInWith(credentials).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(SignInRefused);
  return (error as InstanceType<typeof SignInRefused>).portalError;
}

/** A request of the browser that holds `cookie` as its session cookie. */
function withSessionCookie(value: string, path = "/api/thing"): NextRequest {
  const request = new NextRequest(`http://localhost:3000${path}`, {
    headers: { cookie: `authjs.session-token=${value}`, "sec-fetch-site": "same-origin" },
  });
  serving(request);
  return request;
}

beforeEach(() => {
  env.current = authTestEnv;
  counting = new CountingStore();
  store.current = counting;
});
afterEach(() => vi.clearAllMocks());

describe.each(["pin", "password"] as const)("signing in by %s through Auth.js", (method) => {
  it("sets a session cookie that Auth.js's decode() opens: the session id and the name, no token", async () => {
    expect(await signInWith(right[method])).toBe("http://localhost:3000/jobs");
    const cookie = setSessionCookie();
    expect(cookie?.options).toMatchObject({ httpOnly: true, path: "/", sameSite: "lax" });
    const claims = await decode({ token: cookie?.value, secret: authTestEnv.AUTH_SECRET, salt: cookie?.name ?? "" });
    expect(Object.keys(claims ?? {}).sort()).toEqual(["exp", "iat", "jti", "name", "sid", "username"]);
    expect(claims).toMatchObject({ name: "Alice Liddell", username: "alice" });
    const stored = await counting.readSession(String(claims?.sid));
    expect(stored?.session).toMatchObject({ userId: 1, username: "alice" });
    expect(cookie?.value).not.toContain(stored?.session.tokens.accessToken);
    // The cookie lives the idle timeout and one renewal interval.
    const lifetime = (claims?.exp ?? 0) - (claims?.iat ?? 0);
    expect(lifetime).toBe(authTestEnv.SESSION_IDLE_TIMEOUT + 60);
  });

  it("is accepted by auth() and by the route wrapper", async () => {
    await signInWith(right[method]);
    const value = setSessionCookie()?.value ?? "";
    const sid = String(
      (await decode({ token: value, secret: authTestEnv.AUTH_SECRET, salt: "authjs.session-token" }))?.sid,
    );

    withSessionCookie(value, "/");
    expect(await auth()).toMatchObject({ sessionId: sid, user: { name: "Alice Liddell", username: "alice" } });

    const handler = vi.fn(async () => answerJson(z.object({ ok: z.boolean() }), { ok: true }));
    const answer = await userRoute({}, handler)(withSessionCookie(value), { params: Promise.resolve({}) });
    expect(answer.status).toBe(200);
    expect(handler).toHaveBeenCalledWith(
      expect.objectContaining({ user: { userId: 1, username: "alice", fullName: "Alice Liddell" } }),
    );
  });

  it("writes its log line once the answer is out, naming the method and never the credentials", async () => {
    await signInWith(right[method]);
    expect(log.info).not.toHaveBeenCalled();
    await runAfterTasks();
    expect(log.info).toHaveBeenCalledWith("signed in", expect.objectContaining({ method, userId: 1 }));
    // A keyed hash of the name typed, never the name, PIN or password.
    const logged = JSON.stringify(vi.mocked(log.info).mock.calls);
    expect(logged).not.toMatch(/112358|looking glass|"alice"/);
    if (method === "password") expect(logged).toMatch(/"userHash":"[0-9a-f]{32}"/);
  });

  it("counts refusals: past the limit the browser needs a challenge and the print server is not asked", async () => {
    // A password names the person, whose own, lower limit comes first.
    const limit = method === "pin" ? signInLimit.maxFailures : signInLimit.personFailures;
    for (let i = 0; i < limit; i += 1) {
      expect(await refusalOf(wrong[method])).toMatchObject({ code: "invalid_credentials" });
    }
    expect(signInUser).toHaveBeenCalledTimes(limit);
    const challenged = await refusalOf(right[method]);
    expect(challenged).toMatchObject({ code: "challenge_required" });
    expect(signInUser).toHaveBeenCalledTimes(limit);
    expect(setSessionCookie()).toBeUndefined();
    await runAfterTasks();
    expect(log.info).toHaveBeenCalledWith(
      "sign-in refused",
      expect.objectContaining({ method, address: undefined, browserKnown: false, errorCode: "challenge_required" }),
    );
    // A refusal is the person's, not the portal's fault: not logged as an Auth.js error.
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe("the Credentials provider", () => {
  it("counts per browser: another browser at the same address still signs in", async () => {
    const browserA = "portal-browser=AAAAAAAAAAAAAAAAAAAAAA";
    for (let i = 0; i < signInLimit.maxFailures; i += 1) {
      await signInWith(wrong.pin, browserA).catch(() => undefined);
    }
    await expect(signInWith(right.pin, browserA)).rejects.toMatchObject({ code: "challenge_required" });
    await expect(signInWith(right.pin, "portal-browser=BBBBBBBBBBBBBBBBBBBBBB")).resolves.toBe(
      "http://localhost:3000/jobs",
    );
  });

  it("gives the browser a device cookie, and its person is never stopped there by a stranger's failures", async () => {
    const aliceBrowser = "portal-browser=AAAAAAAAAAAAAAAAAAAAAA";
    await signInWith(right.password, aliceBrowser);
    const device = scope.set.findLast((cookie) => cookie.name === "portal-device");
    expect(device?.options).toMatchObject({ httpOnly: true, path: "/" });
    // A stranger's 30 wrong passwords for alice from 30 other browsers.
    for (let i = 0; i < 30; i += 1)
      await signInWith(wrong.password, `portal-browser=${String(i).padStart(22, "S")}`).catch(() => undefined);
    expect(await refusalOf(right.password)).toMatchObject({ code: "challenge_required", reason: "person limit" });
    // Alice from her own browser, at once.
    const cookies = `${aliceBrowser}; portal-device=${device?.value}`;
    await expect(signInWith(right.password, cookies)).resolves.toBe("http://localhost:3000/jobs");
    await expect(signInWith(right.pin, cookies)).resolves.toBe("http://localhost:3000/jobs");
  });

  it("answers an outage of the print server as its own refusal, counting no failure", async () => {
    vi.mocked(signInUser).mockRejectedValueOnce(
      new (await import("@/lib/browser-safe/errors")).PortalError("unreachable"),
    );
    expect(await refusalOf(right.pin)).toMatchObject({ code: "unreachable" });
    expect(await signInWith(right.pin)).toBe("http://localhost:3000/jobs");
    expect(scope.set.some((cookie) => cookie.name === "authjs.session-token")).toBe(true);
  });

  it("refuses what is not a PIN or a user name and password, asking the print server nothing", async () => {
    serving(new NextRequest("http://localhost:3000/api/auth/sign-in", signInPostInit({})));
    const error = await signIn(credentialsProviderId, { method: "pin", pin: "12ab", redirect: false }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SignInRefused);
    expect(signInUser).not.toHaveBeenCalled();
  });

  it("sets the session cookie a cross-site frame keeps when intranet pages may frame the portal", async () => {
    env.current = {
      ...authTestEnv,
      PORTAL_URL: "https://portal.test",
      PORTAL_FRAME_ANCESTORS: ["'self'", "https://intranet.test"],
    };
    await signInWith(right.pin);
    const cookie = setSessionCookie("__Host-authjs.session-token");
    expect(cookie?.options).toMatchObject({
      httpOnly: true,
      sameSite: "none",
      secure: true,
      partitioned: true,
      path: "/",
    });
    expect(cookie?.options).not.toHaveProperty("domain");
    const claims = await decode({ token: cookie?.value, secret: authTestEnv.AUTH_SECRET, salt: cookie?.name ?? "" });
    expect(claims).toMatchObject({ username: "alice" });
    // Auth.js's other cookie of this answer may be sent from the frame too.
    for (const other of scope.set) expect(other.options).toMatchObject({ sameSite: "none", partitioned: true });
  });
});
