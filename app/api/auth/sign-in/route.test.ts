import { beforeEach, describe, expect, it, vi } from "vitest";
import { decode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { signInLimit } from "@/lib/auth/failed-sign-ins";
import { aliceSession, sealedSessionCookie } from "@/lib/auth/session-test-kit";
import {
  alicePassword,
  alicePin,
  authTestEnv,
  scope,
  serving,
  setSessionCookie,
  signInPostInit,
} from "@/lib/auth/auth-js-test-kit";

// The sign-in form's route, signing in through Auth.js's signIn() and the
// Credentials provider, with the print server's token endpoint and the state
// store stood in for: what a browser without JavaScript is sent to, what the
// form's script reads, the session cookie Auth.js sets, and what is refused
// before any attempt is made.

const store = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("next/headers", async () => (await import("@/lib/auth/auth-js-test-kit")).nextHeadersMock);
vi.mock("next/server", async (original) =>
  (await import("@/lib/auth/auth-js-test-kit")).nextServerMock(original as () => Promise<typeof import("next/server")>),
);
vi.mock("@/lib/env", async () => {
  const { authTestEnv } = await import("@/lib/auth/auth-js-test-kit");
  return { getEnv: () => authTestEnv };
});
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => store.current }));
vi.mock("@/lib/print-server/token-endpoint", async () => ({
  signInUser: vi.fn((await import("@/lib/auth/auth-js-test-kit")).printServerSignIn),
  refreshUserTokens: vi.fn(),
  revokeRefreshToken: vi.fn(async () => true),
}));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn(async () => ({ status: "none" })) }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));

const { signInUser } = await import("@/lib/print-server/token-endpoint");
const { POST } = await import("./route");

let memory: MemoryStateStore;

async function post(fields: Record<string, string>, headers?: Record<string, string>): Promise<Response> {
  const request = new NextRequest("http://localhost:3000/api/auth/sign-in", signInPostInit(fields, headers));
  serving(request);
  return POST(request, { params: Promise.resolve({}) });
}
const json = { accept: "application/json" };

/** The claims of the session cookie Auth.js set on this answer. */
async function sessionClaims() {
  const cookie = setSessionCookie();
  if (!cookie) return undefined;
  return decode({ token: cookie.value, secret: authTestEnv.AUTH_SECRET, salt: cookie.name });
}

beforeEach(() => {
  memory = new MemoryStateStore();
  store.current = memory;
  vi.mocked(signInUser).mockClear();
});

describe("POST /api/auth/sign-in without JavaScript", () => {
  it("sends the browser on to the page asked for, framed if it was, with Auth.js's session cookie", async () => {
    const answer = await post({ method: "pin", username: "alice", pin: alicePin, callbackUrl: "/reports?embed=1" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("http://localhost:3000/reports?embed=1");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(setSessionCookie()?.options).toMatchObject({ httpOnly: true, path: "/", sameSite: "lax", secure: false });
    const claims = await sessionClaims();
    expect(claims).toMatchObject({ name: "Alice Liddell", username: "alice" });
    expect(await memory.readSession(String(claims?.sid))).toBeDefined();
    expect(signInUser).toHaveBeenCalledWith({ method: "pin", username: "alice", pin: alicePin }, undefined);
  });

  it.each(["https://evil.example/", "/.//evil.example/phish", "/a/..//evil.example"])(
    "goes home instead of to another site (%s)",
    async (callbackUrl) => {
      const answer = await post({ method: "pin", username: "alice", pin: alicePin, callbackUrl });
      expect(answer.headers.get("location")).toBe("http://localhost:3000/");
      expect(setSessionCookie()).toBeDefined();
    },
  );

  it("sends a refused attempt back to the sign-in page, naming the sentence and keeping page and frame", async () => {
    const answer = await post({ method: "pin", username: "alice", pin: "999999", callbackUrl: "/reports?embed=1" });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location") ?? "");
    expect(location.pathname).toBe("/sign-in");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      callbackUrl: "/reports",
      embed: "1",
      signInError: "invalid_credentials",
    });
    expect(setSessionCookie()).toBeUndefined();
  });

  it("says a challenge is needed, and which form was sent, never what was typed", async () => {
    const wrong = { method: "password", username: "alice", password: "secret-words" };
    for (let i = 0; i < 5; i += 1) await post(wrong);
    const answer = await post(wrong);
    const location = answer.headers.get("location") ?? "";
    const query = Object.fromEntries(new URL(location).searchParams);
    expect(query).toEqual({ signInError: "challenge_required", signInMethod: "password" });
    expect(location).not.toContain("alice");
    expect(location).not.toContain("secret");
    // A password names the person: their limit of failures comes first.
    expect(signInUser).toHaveBeenCalledTimes(signInLimit.personFailures);
  });

  it("names refused fields and makes no attempt", async () => {
    const answer = await post({ method: "pin", pin: "12ab" });
    expect(new URL(answer.headers.get("location") ?? "").searchParams.get("signInFields")).toBe("pinDigitsOnly");
    expect(signInUser).not.toHaveBeenCalled();
  });

  it("replaces the browser's previous session once the new one is open", async () => {
    await memory.saveSession("old", aliceSession(Date.now()), 1800);
    const old = await sealedSessionCookie("old");
    await post({ method: "pin", username: "alice", pin: alicePin }, { cookie: `authjs.session-token=${old}` });
    expect(await memory.readSession("old")).toBeUndefined();
    expect(await memory.readSession(String((await sessionClaims())?.sid))).toBeDefined();
  });
});

describe("POST /api/auth/sign-in from the form's script (JSON)", () => {
  it("answers where to go on to, with Auth.js's session cookie", async () => {
    const answer = await post({ method: "password", ...alicePassword, callbackUrl: "/jobs" }, json);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ location: "/jobs" });
    expect(answer.headers.get("cache-control")).toContain("no-store");
    expect(await sessionClaims()).toMatchObject({ username: "alice" });
  });

  it("answers a refusal past a limit with the challenge's sentence", async () => {
    for (let i = 0; i < 5; i += 1) await post({ method: "pin", username: "alice", pin: "999999" }, json);
    const answer = await post({ method: "pin", username: "alice", pin: alicePin }, json);
    expect(answer.status).toBe(403);
    const body = await answer.json();
    expect(body).toEqual({
      error: "challenge_required",
      message: expect.stringMatching(/^Too many attempts were made\./),
    });
    expect(setSessionCookie()).toBeUndefined();
  });

  it("refuses a PIN without a user name where PIN alone is not offered, asking the print server nothing", async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => post({ method: "pin", pin: "999999" }, json)));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect((await answer.json()).fields).toEqual({ username: "Enter your user name." });
    }
    expect(signInUser).not.toHaveBeenCalled();
  });

  it("answers wrong credentials with their sentence", async () => {
    const answer = await post({ method: "pin", username: "alice", pin: "999999" }, json);
    expect(answer.status).toBe(401);
    expect((await answer.json()).error).toBe("invalid_credentials");
  });

  it("answers refused fields with a sentence beside each", async () => {
    const answer = await post({ method: "password", username: " ", password: "" }, json);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: "bad_request",
      message: "Please check the highlighted field.",
      fields: { username: "Enter your user name.", password: "Enter your password." },
    });
    expect(signInUser).not.toHaveBeenCalled();
  });
});

describe("POST /api/auth/sign-in refuses before any attempt", () => {
  it("a post from another site", async () => {
    const answer = await post({ method: "pin", pin: alicePin }, { "sec-fetch-site": "cross-site" });
    expect(answer.status).toBe(403);
    expect((await answer.json()).error).toBe("cross_site");
    expect(signInUser).not.toHaveBeenCalled();
    expect(scope.set).toEqual([]);
  });

  it("a body that is not a form, or larger than a form", async () => {
    const notForm = await post({ method: "pin", pin: alicePin }, { "content-type": "application/json" });
    expect(notForm.status).toBe(400);
    const large = await post({ method: "pin", pin: "1".repeat(20_000) });
    expect(large.status).toBe(413);
    expect(signInUser).not.toHaveBeenCalled();
  });
});
