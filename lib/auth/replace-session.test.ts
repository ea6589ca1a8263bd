import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { aliceSession } from "./session-test-kit";

const store = vi.hoisted(() => ({ current: undefined as unknown }));
// Only the cookie "sealed-old" opens (to the session "old"); session-cookie.test.ts checks the sealing itself.
vi.mock("./session-cookie", () => ({
  sessionClaimsOf: async (cookies: NextRequest["cookies"]) =>
    cookies.get("authjs.session-token")?.value === "sealed-old" ? { sid: "old", exp: 0 } : undefined,
}));
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => store.current }));
const noted = vi.hoisted(() => ({ signedIn: [] as unknown[], refused: [] as unknown[] }));
vi.mock("@/lib/devices/note-sign-in", () => ({
  noteSignedIn: async (_headers: unknown, attempt: unknown) => void noted.signedIn.push(attempt),
  noteRefusedSignIn: async (_headers: unknown, attempt: unknown, error: unknown) =>
    void noted.refused.push({ attempt, error }),
}));
const attempt = { method: "password" as const, username: "alice" };

const { replacePreviousSession } = await import("./replace-session");

/** A sign-in post from a browser whose session cookie is `cookie`. */
const postWith = (cookie?: string) =>
  new NextRequest("http://localhost:3000/api/auth/sign-in", {
    method: "POST",
    headers: cookie ? { cookie: `authjs.session-token=${cookie}` } : {},
  });

let memory: MemoryStateStore;
beforeEach(async () => {
  memory = new MemoryStateStore();
  store.current = memory;
  noted.signedIn = [];
  noted.refused = [];
  await memory.saveSession("old", aliceSession(Date.now()), 1800);
});

describe("signing in again", () => {
  it("replaces the browser's previous session: the old one is gone once the new one is open", async () => {
    await replacePreviousSession(
      postWith("sealed-old"),
      async () => memory.saveSession("new", aliceSession(Date.now()), 1800),
      attempt,
    );
    expect(await memory.readSession("old")).toBeUndefined();
    expect(await memory.readSession("new")).toBeDefined();
    expect(noted).toEqual({ signedIn: [attempt], refused: [] });
  });

  it("keeps the previous session when the new sign-in fails", async () => {
    await expect(
      replacePreviousSession(postWith("sealed-old"), async () => Promise.reject(new Error("refused")), attempt),
    ).rejects.toThrow("refused");
    expect(await memory.readSession("old")).toBeDefined();
    expect(noted).toEqual({ signedIn: [], refused: [{ attempt, error: new Error("refused") }] });
  });

  it("leaves other sessions alone when the browser brings no session cookie, or one that does not open", async () => {
    await replacePreviousSession(
      postWith(),
      async () => memory.saveSession("new", aliceSession(Date.now()), 1800),
      attempt,
    );
    await replacePreviousSession(postWith("forged"), async () => undefined, attempt);
    expect(await memory.readSession("old")).toBeDefined();
  });
});
