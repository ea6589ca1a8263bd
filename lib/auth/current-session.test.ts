import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TokenSet } from "@/lib/print-server/token-set";
import { aliceSession, CountingStore, sealedSessionCookie } from "./session-test-kit";

// One session read per request at most, session writes throttled: a page's
// layout, page, metadata and language all ask currentSession(), and React's
// cache() makes that one lookup per request. Here cache() is played by a
// memo that a test clears to begin the next request.

const request = vi.hoisted(() => {
  let memos = new Map<unknown, Map<unknown, unknown>>();
  return {
    begin: () => {
      memos = new Map();
    },
    cache:
      <A extends unknown[], R>(fn: (...args: A) => R) =>
      (...args: A): R => {
        const memo = memos.get(fn) ?? new Map<unknown, unknown>();
        memos.set(fn, memo);
        const key = args[0];
        if (!memo.has(key)) memo.set(key, fn(...args));
        return memo.get(key) as R;
      },
  };
});
const store = vi.hoisted(() => ({ current: undefined as unknown }));
const jar = vi.hoisted(() => ({ value: undefined as string | undefined }));

vi.mock("react", async (importOriginal) => ({
  ...(await importOriginal<typeof import("react")>()),
  cache: request.cache,
}));
vi.mock("next/headers", async () => ({ cookies: (await import("./session-test-kit")).cookieJarOf(jar) }));
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => store.current }));
vi.mock("@/lib/env", async () => {
  const { cookieTestEnv } = await import("./session-test-kit");
  return { getEnv: () => cookieTestEnv };
});
vi.mock("@/lib/print-server/token-endpoint", () => ({ refreshUserTokens: vi.fn() }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error("redirect"), { to });
  },
}));

const { refreshUserTokens } = await import("@/lib/print-server/token-endpoint");
const { currentSession, requireUser, withUserToken } = await import("./current-session");

const start = Date.parse("2026-03-02T09:00:00Z");
let counting: CountingStore;

/** Everything a portal page asks on one request: layout, page, metadata, language (twice). */
async function renderPage(path = "/") {
  request.begin();
  counting.reset();
  await requireUser(path);
  await requireUser(path);
  const state = await currentSession();
  if (state.status !== "active") throw new Error("no session");
  await Promise.all([withUserToken(state, async () => "profile"), withUserToken(state, async () => "config")]);
  return { reads: counting.reads, writes: counting.writes };
}

/** A request 10 s into alice's 20 s token: not yet due for a refresh. */
async function sessionHalfwayThroughItsToken() {
  await counting.saveSession("s1", aliceSession(start, 20), 1800);
  vi.setSystemTime(start + 10_000);
  request.begin();
  const state = await currentSession();
  if (state.status !== "active") throw new Error("no session");
  return state;
}

beforeEach(async () => {
  vi.useFakeTimers({ now: start, toFake: ["Date"] });
  jar.value = await sealedSessionCookie("s1");
  counting = new CountingStore();
  store.current = counting;
  await counting.saveSession("s1", aliceSession(start, 7200), 1800);
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe("the session of a page request", () => {
  it("is read from the store once, however many parts of the page ask", async () => {
    vi.setSystemTime(start + 10_000);
    expect(await renderPage()).toEqual({ reads: 1, writes: 0 });
  });

  it("restarts the idle timer at most once a minute", async () => {
    vi.setSystemTime(start + 59_000);
    expect(await renderPage()).toEqual({ reads: 1, writes: 0 });
    vi.setSystemTime(start + 61_000);
    expect(await renderPage()).toEqual({ reads: 1, writes: 1 });
    vi.setSystemTime(start + 62_000);
    expect(await renderPage()).toEqual({ reads: 1, writes: 0 });
    // The restart counted: past the first half hour the session still lives.
    vi.setSystemTime(start + 61_000 + 1_799_000);
    expect(await renderPage()).toEqual({ reads: 1, writes: 1 });
  });

  it("knows when its idle timer ends, as restarted by this request", async () => {
    vi.setSystemTime(start + 10_000);
    request.begin();
    expect(await currentSession()).toMatchObject({ status: "active", expiresAt: start + 1800_000 });
    vi.setSystemTime(start + 61_000);
    request.begin();
    expect(await currentSession()).toMatchObject({ status: "active", expiresAt: start + 61_000 + 1800_000 });
  });

  it("refreshes a due token once, reading again only under the refresh lock", async () => {
    await counting.saveSession("s1", aliceSession(start, 20), 1800);
    const renewed: TokenSet = { ...aliceSession(start + 15_000, 20).tokens, accessToken: "renewed" };
    vi.mocked(refreshUserTokens).mockResolvedValueOnce(renewed);
    vi.setSystemTime(start + 15_000);
    expect(await renderPage()).toEqual({ reads: 2, writes: 1 });
    expect(refreshUserTokens).toHaveBeenCalledTimes(1);
  });

  it("sends an ended session to sign-in, framed when the page was", async () => {
    await counting.deleteSession("s1");
    request.begin();
    await expect(requireUser("/reports?embed=1")).rejects.toMatchObject({
      to: "/sign-in?callbackUrl=%2Freports%3Fembed%3D1&reason=session_ended&embed=1",
    });
    jar.value = undefined;
    request.begin();
    await expect(requireUser("/")).rejects.toMatchObject({ to: "/sign-in" });
  });

  it("ends the session at once when the print server says its token was revoked", async () => {
    request.begin();
    const state = await currentSession();
    if (state.status !== "active") throw new Error("no session");
    const { PortalError } = await import("@/lib/browser-safe/errors");
    await expect(
      withUserToken(state, async () => {
        throw new PortalError("session_ended", { upstreamStatus: 401 });
      }),
    ).rejects.toMatchObject({ code: "session_ended" });
    expect(await counting.readSession("s1")).toBeUndefined();
  });

  it("tries once more with a fresh token when the token expired on its way, and keeps the session", async () => {
    const state = await sessionHalfwayThroughItsToken();
    const renewed: TokenSet = { ...aliceSession(start + 21_000, 20).tokens, accessToken: "renewed" };
    vi.mocked(refreshUserTokens).mockResolvedValueOnce(renewed);
    const { PortalError } = await import("@/lib/browser-safe/errors");
    const sent: string[] = [];
    const answer = await withUserToken(
      state,
      async (token) => {
        sent.push(token);
        if (sent.length > 1) return "profile";
        // Under load the call reaches the print server after the token expired.
        vi.setSystemTime(start + 21_000);
        throw new PortalError("session_ended", { upstreamStatus: 401 });
      },
      { safeToRepeat: true },
    );
    expect(answer).toBe("profile");
    expect(sent).toEqual([`access-${start}`, "renewed"]);
    expect((await counting.readSession("s1"))?.session.tokens.accessToken).toBe("renewed");
  });

  it("ends the session when the fresh token is refused too", async () => {
    const state = await sessionHalfwayThroughItsToken();
    vi.mocked(refreshUserTokens).mockResolvedValueOnce({ ...aliceSession(start + 21_000, 20).tokens });
    const { PortalError } = await import("@/lib/browser-safe/errors");
    let calls = 0;
    const expiringCall = async () => {
      calls += 1;
      vi.setSystemTime(start + 21_000);
      throw new PortalError("session_ended", { upstreamStatus: 401 });
    };
    await expect(withUserToken(state, expiringCall, { safeToRepeat: true })).rejects.toMatchObject({
      code: "session_ended",
    });
    expect(calls).toBe(2);
    expect(await counting.readSession("s1")).toBeUndefined();
  });

  it("never repeats a change whose token expired on its way: try again, still signed in", async () => {
    const state = await sessionHalfwayThroughItsToken();
    const { PortalError } = await import("@/lib/browser-safe/errors");
    let calls = 0;
    await expect(
      withUserToken(state, async () => {
        calls += 1;
        vi.setSystemTime(start + 21_000);
        throw new PortalError("session_ended", { upstreamStatus: 401 });
      }),
    ).rejects.toMatchObject({ code: "unreachable" });
    expect(calls).toBe(1);
    expect(refreshUserTokens).not.toHaveBeenCalled();
    expect(await counting.readSession("s1")).toBeDefined();
  });
});
