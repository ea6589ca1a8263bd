import { BlockList } from "node:net";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { signInAttemptsOf } from "./sign-in-attempts";

const state = vi.hoisted(() => ({ store: undefined as unknown, sessionId: undefined as string | undefined }));
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => state.store }));
vi.mock("@/lib/auth/current-session", () => ({ sessionIdOfRequest: async () => state.sessionId }));
vi.mock("@/lib/env", () => ({
  getEnv: () => ({
    SESSION_IDLE_TIMEOUT: 1800,
    PORTAL_TRUSTED_PROXY_HEADER: undefined,
    PORTAL_TRUSTED_PROXIES: new BlockList(),
  }),
}));
// The portal's own server vouches for the peer header.
vi.mock("@/lib/request-context", () => ({ currentRequest: () => ({ requestId: "r" }) }));

const { noteRefusedSignIn, noteSignedIn } = await import("./note-sign-in");

const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const headers = new Headers({ "user-agent": firefox, "x-portal-peer-address": "192.0.2.7" });

let store: MemoryStateStore;
beforeEach(async () => {
  store = new MemoryStateStore();
  state.store = store;
  state.sessionId = "new";
  const tokens = {
    accessToken: "a",
    refreshToken: "r",
    expiresAt: Date.now() + 20_000,
    lifetimeSeconds: 20,
    scopes: [],
  };
  await store.saveSession("new", { userId: 2, username: "bob", fullName: "Bob", tokens, createdAt: Date.now() }, 1800);
});

describe("noting a sign-in", () => {
  it("gives the new session the browser and address, and files the sign-in under the person", async () => {
    await noteSignedIn(headers, { method: "pin" });
    expect((await store.readSession("new"))?.session).toMatchObject({ userAgent: firefox, address: "192.0.2.7" });
    expect(await signInAttemptsOf("bob", store)).toEqual([
      expect.objectContaining({
        method: "pin",
        outcome: "signed-in",
        userId: 2,
        address: "192.0.2.7",
        userAgent: firefox,
      }),
    ]);
  });

  it("files a refusal under the name typed, with the refusal's code", async () => {
    await noteRefusedSignIn(headers, { method: "password", username: "bob" }, { code: "invalid_credentials" });
    await noteRefusedSignIn(headers, { method: "password", username: "bob" }, new Error("no code"));
    expect((await signInAttemptsOf("bob", store)).map((entry) => entry.reason)).toEqual([
      "failed",
      "invalid_credentials",
    ]);
  });

  it("never fails the sign-in when the store is away", async () => {
    vi.spyOn(store, "readSession").mockRejectedValue(new Error("down"));
    await expect(noteSignedIn(headers, { method: "pin" })).resolves.toBeUndefined();
  });
});
