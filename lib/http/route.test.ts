import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { z } from "zod/mini";
import { PortalError } from "@/lib/browser-safe/errors";
import { aliceSession, CountingStore, sealedSessionCookie } from "@/lib/auth/session-test-kit";

// The route wrapper with the real session lookup and a counting store. React's
// cache() does nothing in a route handler, so here it does nothing either:
// the wrapper itself must read the session once.

const store = vi.hoisted(() => ({ current: undefined as unknown }));
const jar = vi.hoisted(() => ({
  value: undefined as string | undefined,
  set: undefined as { name: string; value: string }[] | undefined,
}));
vi.mock("react", async (importOriginal) => ({
  ...(await importOriginal<typeof import("react")>()),
  cache: <T>(fn: T) => fn,
}));
vi.mock("next/headers", async () => ({ cookies: (await import("@/lib/auth/session-test-kit")).cookieJarOf(jar) }));
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => store.current }));
vi.mock("@/lib/env", async () => {
  const { cookieTestEnv } = await import("@/lib/auth/session-test-kit");
  return { getEnv: () => cookieTestEnv };
});
vi.mock("@/lib/print-server/token-endpoint", () => ({ refreshUserTokens: vi.fn() }));
vi.mock("@/lib/i18n/request-locale", () => ({
  // Asks for the session as the real one does when no language was chosen.
  localeOfRequest: vi.fn(async (session: () => Promise<unknown>) => {
    await session();
    return "en";
  }),
}));

const { answerJson, compressJsonFromChars, publicRoute, userRoute } = await import("./route");

const noParams = { params: Promise.resolve({}) };
const okAnswer = z.object({ ok: z.boolean() });
let counting: CountingStore;

function request(method: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) {
  return new NextRequest("http://localhost:3000/api/thing", {
    method,
    headers: { "sec-fetch-site": "same-origin", ...init.headers },
    body: init.body,
    ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
}

beforeEach(async () => {
  jar.value = await sealedSessionCookie("s1");
  jar.set = undefined;
  counting = new CountingStore();
  store.current = counting;
  await counting.saveSession("s1", aliceSession(Date.now()), 1800);
  counting.reset();
});
afterEach(() => vi.clearAllMocks());

describe("userRoute", () => {
  it("hands the handler the person, their token and the checked input, reading the session once", async () => {
    const handler = vi.fn(async () => answerJson(okAnswer, { ok: true }));
    const route = userRoute({ params: z.object({ id: z.string() }), body: z.object({ n: z.int() }) }, handler);
    const answer = await route(request("POST", { body: '{"n":3}' }), { params: Promise.resolve({ id: "7" }) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store, no-transform");
    expect(handler).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { id: "7" },
        body: { n: 3 },
        user: { userId: 1, username: "alice", fullName: "Alice Liddell" },
        token: expect.stringMatching(/^access-/),
      }),
    );
    expect(counting.reads).toBe(1);
    expect(counting.writes).toBe(0);
  });

  it("answers a handler's refusal in the person's language without a second session read", async () => {
    const route = userRoute({}, async () => {
      throw new PortalError("gone", { sentenceKey: "reports.answers.fileGone" });
    });
    const answer = await route(request("GET"), noParams);
    expect(answer.status).toBe(410);
    expect(await answer.json()).toEqual({
      error: "gone",
      message: "This report file is no longer available. Run the report again.",
    });
    expect(counting.reads).toBe(1);
  });

  it("answers 401 without a session, and for one that has ended", async () => {
    const handler = vi.fn(async () => answerJson(okAnswer, { ok: true }));
    const route = userRoute({}, handler);
    const cookie = jar.value;
    jar.value = undefined;
    const none = await route(request("GET"), noParams);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: "unauthenticated" });
    jar.value = cookie;
    await counting.deleteSession("s1");
    const ended = await route(request("GET"), noParams);
    expect(ended.status).toBe(401);
    expect(await ended.json()).toMatchObject({ error: "session_ended" });
    expect(handler).not.toHaveBeenCalled();
  });

  it("ends the session when the print server revoked the token", async () => {
    const route = userRoute({}, async () => {
      throw new PortalError("session_ended", { upstreamStatus: 401 });
    });
    expect((await route(request("GET"), noParams)).status).toBe(401);
    expect(await counting.readSession("s1")).toBeUndefined();
  });

  it("refuses a state change from another site, even a prefetch that proxy.ts never saw", async () => {
    const handler = vi.fn(async () => answerJson(okAnswer, { ok: true }));
    const route = userRoute({ body: z.object({}) }, handler);
    const answer = await route(
      request("POST", { headers: { "sec-fetch-site": "cross-site", purpose: "prefetch" }, body: "{}" }),
      noParams,
    );
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ error: "cross_site" });
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses a body larger than the cap without reading it whole", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1000;
        controller.enqueue(new Uint8Array(1000).fill(32));
      },
    });
    const handler = vi.fn(async () => answerJson(okAnswer, { ok: true }));
    const route = userRoute({ body: z.unknown(), maxBodyBytes: 4000 }, handler);
    const answer = await route(request("POST", { body: endless }), noParams);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: "too_large" });
    expect(pulled).toBeLessThan(10_000);
    const declared = await route(request("POST", { headers: { "content-length": "5000" }, body: "{}" }), noParams);
    expect(declared.status).toBe(413);
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses a declared body over the portal's cap first, signed in or not (API requests skip proxy.ts)", async () => {
    const handler = vi.fn(async () => answerJson(okAnswer, { ok: true }));
    const route = userRoute({}, handler);
    const large = () => request("POST", { headers: { "content-length": String(65 * 1024) } });
    const answer = await route(large(), noParams);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: "too_large" });
    jar.value = undefined;
    expect((await route(large(), noParams)).status).toBe(413);
    expect(handler).not.toHaveBeenCalled();
  });

  it("restarts the session cookie's idle timer when it is due, as proxy.ts does for pages, and not before", async () => {
    const route = userRoute({}, async () => answerJson(okAnswer, { ok: true }));
    // Sealed at sign-in: a full lifetime left, not due.
    expect((await route(request("GET"), noParams)).status).toBe(200);
    expect(jar.set).toBeUndefined();
    // Less than the idle timeout left: due, renewed once.
    jar.value = await sealedSessionCookie("s1", 1000);
    expect((await route(request("GET"), noParams)).status).toBe(200);
    expect(jar.set).toEqual([{ name: "authjs.session-token", value: expect.any(String) }]);
    expect(jar.set?.[0]?.value).not.toBe(jar.value);
    // A session that has ended gets no new cookie.
    jar.set = undefined;
    await counting.deleteSession("s1");
    expect((await route(request("GET"), noParams)).status).toBe(401);
    expect(jar.set).toBeUndefined();
  });

  it("answers 400 with the sentence the refused field names, else the general one", async () => {
    const say = { error: "reports.answers.badFormat" };
    const route = userRoute({ body: z.object({ format: z.string(say), count: z.int() }) }, async () =>
      answerJson(okAnswer, { ok: true }),
    );
    const badFormat = await route(request("POST", { body: '{"count":1}' }), noParams);
    expect(await badFormat.json()).toEqual({
      error: "bad_request",
      message: "This report cannot be made in that format. Choose one of the formats offered.",
      field: "format",
    });
    const badCount = await route(request("POST", { body: '{"format":"csv"}' }), noParams);
    expect(badCount.status).toBe(400);
    expect(await badCount.json()).toMatchObject({ message: expect.stringMatching(/^Something in the request/) });
  });
});

describe("publicRoute", () => {
  it("needs no session and still refuses other sites' state changes", async () => {
    const route = publicRoute({}, async () => answerJson(okAnswer, { ok: true }));
    expect((await route(request("GET"), noParams)).status).toBe(200);
    expect(counting.reads).toBe(0);
    const refused = await route(
      request("DELETE", { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }),
      noParams,
    );
    expect(refused.status).toBe(403);
  });
});

describe("answerJson", () => {
  const texts = z.object({ items: z.array(z.string()) });

  it("sends what the schema lets through, never cached, a short answer as it is", async () => {
    const answer = answerJson(okAnswer, { ok: true, extra: "left out" } as { ok: boolean });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.headers.get("cache-control")).toBe("private, no-store, no-transform");
    expect(await answer.text()).toBe('{"ok":true}');
  });

  it("lets a long answer be compressed", async () => {
    const items = Array.from({ length: 64 }, (_, i) => `${i}`.padEnd(256, "x"));
    const long = answerJson(texts, { items }, 201);
    expect(long.status).toBe(201);
    expect(long.headers.get("cache-control")).toBe("private, no-store");
    expect(((await long.json()) as { items: string[] }).items).toEqual(items);
    const justShort = answerJson(texts, { items: ["x".repeat(compressJsonFromChars - 15)] });
    expect((await justShort.clone().text()).length).toBe(compressJsonFromChars - 1);
    expect(justShort.headers.get("cache-control")).toContain("no-transform");
  });
});
