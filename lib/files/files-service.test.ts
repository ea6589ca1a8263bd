import { describe, expect, it, vi } from "vitest";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import type { FileStore } from "./file-store";

const state = new MemoryStateStore();
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => state }));
vi.mock("@/lib/env", () => ({ getEnv: () => ({}) }));

const { sweepWhenDue } = await import("./files-service");

describe("sweepWhenDue", () => {
  it("runs the retention's removal once in a sweep interval, however many requests start it", async () => {
    const removeExpired = vi.fn(async () => 0);
    const files = { removeExpired } as unknown as FileStore;
    for (let i = 0; i < 40; i += 1) sweepWhenDue(files);
    await vi.waitFor(() => expect(removeExpired).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(removeExpired).toHaveBeenCalledTimes(1);
  });

  it("never fails the request that started it", async () => {
    vi.spyOn(state, "hit").mockResolvedValueOnce({ count: 1, resetInSeconds: 300 });
    const files = { removeExpired: vi.fn(async () => Promise.reject(new Error("disk gone"))) } as unknown as FileStore;
    expect(() => sweepWhenDue(files)).not.toThrow();
    await vi.waitFor(() => expect(files.removeExpired).toHaveBeenCalled());
  });
});
