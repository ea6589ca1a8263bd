import { beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { AsyncLocalStorage } from "node:async_hooks";
import { processSingleton } from "@/lib/process-singletons";
import type { RequestContext } from "@/lib/request-context";

// The profile routes with the print server mocked: who they act for, what
// they refuse before the print server hears of it, and double submits.

const bob = { userId: 2, username: "bob", fullName: "Bob Builder" };
vi.mock("@/lib/auth/current-session", () => ({
  currentSession: vi.fn(async () => ({ status: "active", sessionId: "s1", session: bob })),
  sessionUser: (session: typeof bob) => session,
  withUserToken: vi.fn(async (_active: unknown, call: (token: string) => Promise<unknown>) => call("user-token")),
}));
vi.mock("@/lib/env", () => ({
  getEnv: () => ({
    PORTAL_URL: "http://localhost:3000",
    PORTAL_FRAME_ANCESTORS: ["'self'"],
    AUTH_SECRET: "a test secret of at least thirty-two characters",
  }),
}));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));
const settings = {
  pinChange: { allowed: true, length: 6 },
  profileEditing: true,
  passwordRules: { minLength: 8, maxLength: 128, requireLetter: true, requireDigit: true },
};
vi.mock("@/lib/print-server/server-config", () => ({
  serverConfig: vi.fn(async () => ({ language: "en", currency: "EUR", selfService: settings })),
}));
vi.mock("@/lib/self-service/new-pin", () => ({ issueNewPin: vi.fn(async () => "271828") }));
vi.mock("@/lib/print-server/self-service", () => ({
  updateOwnProfile: vi.fn(async (_token: string, _id: number, changes: { email?: string; language?: string }) => ({
    username: "bob",
    fullName: "Bob Builder",
    email: changes.email ?? "bob@example.com",
    language: changes.language ?? "en",
    aliases: [],
    passwordManagedElsewhere: false,
  })),
  changeOwnPassword: vi.fn(async () => new Promise((resolve) => setTimeout(resolve, 20))),
}));

const { issueNewPin } = await import("@/lib/self-service/new-pin");
const selfService = await import("@/lib/print-server/self-service");
const pinRoute = await import("./pin/route");
const profileRoute = await import("./route");
const passwordRoute = await import("./password/route");

const noParams = { params: Promise.resolve({}) };
function request(path: string, method: string, body: unknown, headers: Record<string, string> = {}) {
  return new NextRequest(`http://localhost:3000${path}`, {
    method,
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", ...headers },
    body: JSON.stringify(body),
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  settings.pinChange.allowed = true;
  settings.profileEditing = true;
});

describe("POST /api/profile/pin", () => {
  it("makes the PIN for the session's own user, answers it uncached and never takes an id", async () => {
    const response = await pinRoute.POST(
      request("/api/profile/pin", "POST", { method: "pin", pin: "314159", userId: 1 }),
      noParams,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ pin: "271828" });
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(vi.mocked(issueNewPin).mock.calls[0]?.[0]).toMatchObject({ userId: 2 });
  });

  it("is refused from another site before anything happens", async () => {
    const response = await pinRoute.POST(
      request("/api/profile/pin", "POST", { method: "pin", pin: "314159" }, { "sec-fetch-site": "cross-site" }),
      noParams,
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe("cross_site");
    expect(issueNewPin).not.toHaveBeenCalled();
  });

  it("says why when the server does not let people change their PIN", async () => {
    settings.pinChange.allowed = false;
    const response = await pinRoute.POST(
      request("/api/profile/pin", "POST", { method: "pin", pin: "314159" }),
      noParams,
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: "not_allowed", message: expect.stringContaining("PIN") });
    expect(issueNewPin).not.toHaveBeenCalled();
  });

  it("names the field of a proof that is not a PIN", async () => {
    const response = await pinRoute.POST(request("/api/profile/pin", "POST", { method: "pin", pin: "12ab" }), noParams);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "bad_request", field: "pin" });
  });
});

describe("PATCH /api/profile", () => {
  it("saves the changes and makes a new language this device's language", async () => {
    const response = await profileRoute.PATCH(
      request("/api/profile", "PATCH", { email: "bob@builder.example", language: "de" }),
      noParams,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: "bob@builder.example", language: "de" });
    expect(response.headers.get("set-cookie")).toMatch(/^portal-language=de;/);
    expect(selfService.updateOwnProfile).toHaveBeenCalledWith("user-token", 2, {
      email: "bob@builder.example",
      language: "de",
    });
  });

  it("refuses a bad email with its field and sentence, before the print server hears of it", async () => {
    const response = await profileRoute.PATCH(request("/api/profile", "PATCH", { email: "bob@" }), noParams);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      field: "email",
      message: expect.stringContaining("name@example.com"),
    });
    expect(selfService.updateOwnProfile).not.toHaveBeenCalled();
  });

  it("refuses a name change when profile editing is off, and lets the language through", async () => {
    settings.profileEditing = false;
    const refused = await profileRoute.PATCH(request("/api/profile", "PATCH", { fullName: "Bobby" }), noParams);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "not_allowed", field: "fullName" });
    const language = await profileRoute.PATCH(request("/api/profile", "PATCH", { language: "cs" }), noParams);
    expect(language.status).toBe(200);
  });
});

describe("POST /api/profile/password", () => {
  const change = { currentPassword: "canwefixit", newPassword: "canwefixit2", requestId: "0b7f3c1e-press-1" };

  it("changes the password once when the same press arrives twice at once, and both hear success", async () => {
    const answers = await Promise.all([
      passwordRoute.POST(request("/api/profile/password", "POST", change), noParams),
      passwordRoute.POST(request("/api/profile/password", "POST", change), noParams),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(selfService.changeOwnPassword).toHaveBeenCalledTimes(1);
    expect(selfService.changeOwnPassword).toHaveBeenCalledWith(
      "user-token",
      2,
      { currentPassword: "canwefixit", newPassword: "canwefixit2" },
      undefined,
    );
  });

  it("tells the print server the browser's address, where it counts wrong current passwords", async () => {
    // As scripts/portal-server.mjs runs the portal: in its request context, having written the peer's address.
    const served = processSingleton("request-context", () => new AsyncLocalStorage<RequestContext>());
    const press = { ...change, requestId: "0b7f3c1e-press-address" };
    const headers = { "x-portal-peer-address": "192.0.2.44" };
    await served.run({ requestId: press.requestId, sendLength: () => undefined }, () =>
      passwordRoute.POST(request("/api/profile/password", "POST", press, headers), noParams),
    );
    expect(vi.mocked(selfService.changeOwnPassword).mock.calls[0]?.[3]).toBe("192.0.2.44");
  });

  it("changes it once for 40 copies of one press in parallel", async () => {
    const copy = { ...change, requestId: "0b7f3c1e-press-40" };
    await Promise.all(
      Array.from({ length: 40 }, () => passwordRoute.POST(request("/api/profile/password", "POST", copy), noParams)),
    );
    expect(selfService.changeOwnPassword).toHaveBeenCalledTimes(1);
  });
});
