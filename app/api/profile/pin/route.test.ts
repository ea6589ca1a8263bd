import { beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { SignJWT } from "jose";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Credentials } from "@/lib/print-server/token-endpoint";

// The new PIN's proof rules through the route, with the print server mocked:
// who must give a password, who must sign in again, and a challenge solved
// by altcha-lib as the widget does.

const session = { userId: 2, username: "bob", fullName: "Bob Builder", createdAt: Date.now(), tokens: {} };
vi.mock("@/lib/auth/current-session", () => ({
  currentSession: vi.fn(async () => ({ status: "active", sessionId: "s1", session })),
  sessionUser: (stored: typeof session) => ({
    userId: stored.userId,
    username: stored.username,
    fullName: stored.fullName,
  }),
  withUserToken: vi.fn(async (_active: unknown, call: (token: string) => Promise<unknown>) => call("user-token")),
}));
vi.mock("@/lib/env", () => ({
  getEnv: () => ({
    PORTAL_URL: "http://localhost:3000",
    AUTH_SECRET: "a test secret of at least thirty-two characters",
    SESSION_IDLE_TIMEOUT: 1800,
  }),
}));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));
vi.mock("@/lib/print-server/server-config", () => ({
  serverConfig: vi.fn(async () => ({ selfService: { pinChange: { allowed: true, length: 6 } } })),
}));
const person = { hasPassword: true };
vi.mock("@/lib/print-server/users", () => ({ hasOwnPassword: vi.fn(async () => person.hasPassword) }));
vi.mock("@/lib/print-server/self-service", () => ({ createPin: vi.fn(async () => "271828") }));
vi.mock("@/lib/print-server/token-endpoint", () => ({
  signInUser: vi.fn(async (credentials: Credentials) => {
    const right =
      (credentials.method === "pin" && ["314159", "271828"].includes(credentials.pin)) ||
      (credentials.method === "password" && credentials.password === "canwefixit");
    if (!right) throw new PortalError("invalid_credentials");
    const accessToken = await new SignJWT({ sub: String(session.userId), username: "bob" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("k".repeat(32)));
    return { accessToken, refreshToken: "r", expiresAt: Date.now() + 20_000, lifetimeSeconds: 20, scopes: [] };
  }),
}));

const { PortalError } = await import("@/lib/browser-safe/errors");
const { createPin } = await import("@/lib/print-server/self-service");
const { signInUser } = await import("@/lib/print-server/token-endpoint");
const { issueChallenge } = await import("@/lib/challenge/issue-challenge");
const { freshSignInSeconds } = await import("@/lib/self-service/new-pin");
const { GET, POST } = await import("./route");

const noParams = { params: Promise.resolve({}) };
const post = (body: unknown) =>
  new NextRequest("http://localhost:3000/api/profile/pin", {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify(body),
  });
const get = () => new NextRequest("http://localhost:3000/api/profile/pin");

async function solvedChallenge(): Promise<string> {
  const challenge = await issueChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

let newPinWindow = 0;
beforeEach(async () => {
  vi.clearAllMocks();
  person.hasPassword = true;
  session.createdAt = Date.now();
  // Each test's PIN is the first within the double-submit window: another person's store key.
  newPinWindow += 1;
  session.userId = 100 + newPinWindow;
});

describe("GET /api/profile/pin", () => {
  it("asks a person with a password for it, a PIN-only person for the PIN or a fresh sign-in", async () => {
    expect(await (await GET(get(), noParams)).json()).toEqual({ proof: "password" });
    person.hasPassword = false;
    expect(await (await GET(get(), noParams)).json()).toEqual({ proof: "pin", signInAgain: false });
    session.createdAt = Date.now() - (freshSignInSeconds + 60) * 1000;
    expect(await (await GET(get(), noParams)).json()).toEqual({ proof: "pin", signInAgain: true });
  });
});

describe("POST /api/profile/pin", () => {
  it("gives a person with a password no new PIN for the right PIN, nor for a wrong password", async () => {
    const pinOnly = await POST(post({ method: "pin", pin: "314159", altcha: await solvedChallenge() }), noParams);
    expect(pinOnly.status).toBe(400);
    expect(await pinOnly.json()).toMatchObject({ field: "password", message: expect.stringContaining("password") });
    const wrong = await POST(post({ method: "password", password: "wonderland" }), noParams);
    expect(wrong.status).toBe(401);
    expect(createPin).not.toHaveBeenCalled();
    const right = await POST(post({ method: "password", password: "canwefixit" }), noParams);
    expect(await right.json()).toEqual({ pin: "271828" });
  });

  it("tells a PIN-only person with an old sign-in to sign in again, before any PIN is checked", async () => {
    person.hasPassword = false;
    session.createdAt = Date.now() - (freshSignInSeconds + 60) * 1000;
    const answer = await POST(post({ method: "pin", pin: "314159", altcha: await solvedChallenge() }), noParams);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({
      error: "not_allowed",
      field: "signIn",
      message: expect.stringMatching(/^Sign in again to get a new PIN/),
    });
    expect(signInUser).not.toHaveBeenCalled();
  });

  it("gives a PIN-only person with a fresh sign-in a new PIN for the PIN and a solved challenge, once", async () => {
    person.hasPassword = false;
    const without = await POST(post({ method: "pin", pin: "314159" }), noParams);
    expect(await without.json()).toMatchObject({ error: "challenge_required" });
    expect(signInUser).not.toHaveBeenCalled();
    const altcha = await solvedChallenge();
    const made = await POST(post({ method: "pin", pin: "314159", altcha }), noParams);
    expect(await made.json()).toEqual({ pin: "271828" });
    // The same solution again counts for nothing.
    session.userId += 1000;
    const replay = await POST(post({ method: "pin", pin: "314159", altcha }), noParams);
    expect(await replay.json()).toMatchObject({ error: "challenge_failed" });
    expect(createPin).toHaveBeenCalledTimes(1);
  });
});
