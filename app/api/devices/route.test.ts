import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { sessionHandleOf } from "@/lib/devices/session-handle";
import { recordSignInAttempt } from "@/lib/devices/sign-in-attempts";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import type { StoredSession } from "@/lib/state/state-store";

const state = vi.hoisted(() => ({
  store: undefined as unknown,
  sessionId: "bob-laptop",
  userId: 2,
  firstPaintWaitMs: 10_000,
}));
vi.mock("@/lib/auth/current-session", () => ({
  currentSession: vi.fn(async () => {
    const live = await (state.store as MemoryStateStore).readSession(state.sessionId);
    return live ? { status: "active", sessionId: state.sessionId, ...live } : { status: "ended" };
  }),
  sessionUser: (session: StoredSession) => session,
  withUserToken: vi.fn(async (_active: unknown, call: (token: string) => Promise<unknown>) => call("user-token")),
}));
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => state.store }));
const secret = "s".repeat(40);
vi.mock("@/lib/env", () => ({
  getEnv: () => ({
    PORTAL_URL: "http://localhost:3000",
    AUTH_SECRET: secret,
    SESSION_IDLE_TIMEOUT: 1800,
    PORTAL_FIRST_PAINT_WAIT_MS: state.firstPaintWaitMs,
  }),
}));
const revokeRefreshToken = vi.hoisted(() => vi.fn(async (token: string) => token.length > 0));
vi.mock("@/lib/print-server/token-endpoint", () => ({ revokeRefreshToken }));
// Bob's profile at the print server, read with his token: one alias.
const getOwnProfile = vi.hoisted(() =>
  vi.fn(async (_token: string, userId: number) => ({ aliases: userId === 2 ? ["the.builder"] : [] })),
);
vi.mock("@/lib/print-server/users", () => ({ getOwnProfile }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));

const { GET } = await import("./route");
const { currentSession } = await import("@/lib/auth/current-session");
const { devicesFirstPaint } = await import("@/lib/devices/devices-service");
const everyOther = await import("./sessions/route");
const one = await import("./sessions/[handle]/route");

const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const url = "http://localhost:3000/api/devices";
const noParams = { params: Promise.resolve({}) };
const sameSite = { "sec-fetch-site": "same-origin" };

let store: MemoryStateStore;
async function open(id: string, userId: number, username: string) {
  const tokens = {
    accessToken: "a",
    refreshToken: `refresh-${id}`,
    expiresAt: Date.now() + 20_000,
    lifetimeSeconds: 20,
    scopes: [],
  };
  const session = { userId, username, fullName: username, tokens, createdAt: Date.now(), userAgent: firefox };
  await store.saveSession(id, session, 1800);
  await store.indexSession(userId, id, 3600);
}

const endOne = (handle: string, headers: Record<string, string> = sameSite) =>
  one.DELETE(new NextRequest(`${url}/sessions/${handle}`, { method: "DELETE", headers }), {
    params: Promise.resolve({ handle }),
  });

beforeEach(async () => {
  revokeRefreshToken.mockClear();
  getOwnProfile.mockClear();
  state.firstPaintWaitMs = 10_000;
  store = new MemoryStateStore();
  state.store = store;
  await open("bob-phone", 2, "bob");
  await open("bob-laptop", 2, "bob");
  await open("alice-1", 1, "alice");
});

describe("/api/devices", () => {
  it("lists the person's sessions by handle, never by id", async () => {
    const answer = await GET(new NextRequest(url), noParams);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toMatch(/bob-phone|bob-laptop|alice-1/);
    const body = JSON.parse(text);
    expect(body.sessions).toHaveLength(2);
    expect(body.sessions[0]).toMatchObject({ current: true, browser: "Firefox", system: "Windows" });
    expect(body.attempts).toEqual([]);
  });

  it("lists a refused attempt typed with the person's alias, read with their token, as the page's first paint does", async () => {
    const refused = { method: "password", outcome: "refused", reason: "invalid_credentials" } as const;
    await recordSignInAttempt({ ...refused, at: Date.now() - 2000, username: "bob" }, store);
    await recordSignInAttempt({ ...refused, at: Date.now() - 1000, username: " The.Builder " }, store);
    await recordSignInAttempt({ ...refused, at: Date.now(), username: "alice" }, store);
    const body = await (await GET(new NextRequest(url), noParams)).json();
    expect(body.attempts.map((entry: { at: string }) => entry.at)).toHaveLength(2);
    expect(Date.parse(body.attempts[0].at)).toBeGreaterThan(Date.parse(body.attempts[1].at));
    expect(body.attempts[0]).toMatchObject({ outcome: "refused", reason: "wrongCredentials" });
    expect(getOwnProfile).toHaveBeenCalledWith("user-token", 2);
    const firstPaint = await devicesFirstPaint(await currentSession());
    expect(firstPaint?.data.attempts).toEqual(body.attempts);
  });

  it("lists the user name's attempts when the print server cannot tell the aliases", async () => {
    const refused = { method: "password", outcome: "refused", reason: "invalid_credentials" } as const;
    await recordSignInAttempt({ ...refused, at: Date.now() - 1000, username: "bob" }, store);
    await recordSignInAttempt({ ...refused, at: Date.now(), username: "the.builder" }, store);
    getOwnProfile.mockRejectedValueOnce(new PortalError("unreachable"));
    const answer = await GET(new NextRequest(url), noParams);
    expect(answer.status).toBe(200);
    expect((await answer.json()).attempts).toHaveLength(1);
  });

  it("leaves the first paint to the browser when the print server is slow to tell the aliases", async () => {
    state.firstPaintWaitMs = 20;
    getOwnProfile.mockImplementationOnce(() => new Promise(() => undefined));
    expect(await devicesFirstPaint(await currentSession())).toBeUndefined();
  });

  it("signs out one other session of the person's; another person's handle ends nothing", async () => {
    expect(await (await endOne(sessionHandleOf("alice-1", secret))).json()).toEqual({ ended: 0 });
    expect(await store.readSession("alice-1")).toBeDefined();
    expect(revokeRefreshToken).not.toHaveBeenCalled();
    expect(await (await endOne(sessionHandleOf("bob-phone", secret))).json()).toEqual({ ended: 1 });
    expect(await store.readSession("bob-phone")).toBeUndefined();
    expect(revokeRefreshToken.mock.calls).toEqual([["refresh-bob-phone"]]);
  });

  it("refuses a handle that is no handle, and a change sent from another site", async () => {
    expect((await endOne("bob-phone")).status).toBe(400);
    const crossSite = await endOne(sessionHandleOf("bob-phone", secret), { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error).toBe("cross_site");
    expect(await store.readSession("bob-phone")).toBeDefined();
  });

  it("signs out everywhere else only when the body says so, keeping this browser", async () => {
    const endOthers = (body?: unknown) =>
      everyOther.DELETE(
        new NextRequest(`${url}/sessions`, {
          method: "DELETE",
          headers: { ...sameSite, "content-type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
        noParams,
      );
    for (const stray of [undefined, { audit: "a body no route accepts" }]) {
      expect((await endOthers(stray)).status, JSON.stringify(stray)).toBe(400);
      expect(await store.readSession("bob-phone")).toBeDefined();
    }
    const answer = await endOthers({ keep: "this-device" });
    expect(await answer.json()).toEqual({ ended: 1 });
    expect(await store.readSession("bob-laptop")).toBeDefined();
    expect(await store.readSession("bob-phone")).toBeUndefined();
    expect(await store.readSession("alice-1")).toBeDefined();
  });

  it("answers 401 once the session has been signed out", async () => {
    await store.deleteSession("bob-laptop", 2);
    expect((await GET(new NextRequest(url), noParams)).status).toBe(401);
  });
});
