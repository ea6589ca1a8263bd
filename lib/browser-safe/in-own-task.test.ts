import { afterEach, describe, expect, it, vi } from "vitest";
import { inOwnTask } from "./in-own-task";

afterEach(() => {
  vi.useRealTimers();
});

describe("inOwnTask", () => {
  it("runs the work after the current task, not in it", async () => {
    const work = vi.fn();
    inOwnTask(work);
    await Promise.resolve();
    expect(work).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(work).toHaveBeenCalledOnce();
  });

  it("does not run the work once cancelled (an effect cleaned up before it ran)", () => {
    vi.useFakeTimers();
    const work = vi.fn();
    const cancel = inOwnTask(work);
    cancel();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
