import { describe, expect, it, vi } from "vitest";
import { forgetProcessSingleton, processSingleton } from "./process-singletons";

describe("processSingleton", () => {
  it("makes the value once and hands the same one to every caller", () => {
    const create = vi.fn(() => ({ made: true }));
    const first = processSingleton("test.once", create);
    expect(processSingleton("test.once", create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("is shared with a second copy of the module, as Next.js's bundles each load one", async () => {
    const value = processSingleton("test.copies", () => ({}));
    vi.resetModules();
    const copy = await import("./process-singletons");
    expect(copy.processSingleton("test.copies", () => ({}))).toBe(value);
  });

  it("makes a new value after it was forgotten", () => {
    const first = processSingleton("test.forget", () => ({}));
    forgetProcessSingleton("test.forget");
    expect(processSingleton("test.forget", () => ({}))).not.toBe(first);
  });
});
