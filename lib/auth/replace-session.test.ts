import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { aliceSession } from "./session-test-kit";

const store = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("./current-session", () => ({ sessionIdOfRequest: vi.fn(async () => "old") }));
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => store.current }));

const { replacePreviousSession } = await import("./replace-session");

let memory: MemoryStateStore;
beforeEach(async () => {
  memory = new MemoryStateStore();
  store.current = memory;
  await memory.saveSession("old", aliceSession(Date.now()), 1800);
});

describe("signing in again", () => {
  it("replaces the browser's previous session: the old one is gone once the new one is open", async () => {
    await replacePreviousSession(async () => memory.saveSession("new", aliceSession(Date.now()), 1800));
    expect(await memory.readSession("old")).toBeUndefined();
    expect(await memory.readSession("new")).toBeDefined();
  });

  it("keeps the previous session when the new sign-in fails", async () => {
    await expect(replacePreviousSession(async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await memory.readSession("old")).toBeDefined();
  });
});
