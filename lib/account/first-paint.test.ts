import { afterEach, describe, expect, it, vi } from "vitest";
import { meResponse } from "@/app/api/me/schema";
import { readForFirstPaint } from "./first-paint";

/** PORTAL_FIRST_PAINT_WAIT_MS's default. */
const deadlineMs = 1_000;

const profile = {
  username: "alice",
  fullName: "Alice Liddell",
  email: "alice@example.com",
  language: null,
  aliases: [],
  passwordManagedElsewhere: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe("readForFirstPaint", () => {
  it("passes the answer through the route's schema, with when it was read", async () => {
    const before = Date.now();
    // What the print server client returns carries more than the route answers.
    const read = await readForFirstPaint(meResponse, async () => ({ ...profile, id: 7, token: "secret" }), deadlineMs);
    expect(read?.data).toEqual(profile);
    expect(read?.at).toBeGreaterThanOrEqual(before);
  });

  it("leaves the figure to the browser when the read fails, or when its answer does not fit the schema", async () => {
    await expect(
      readForFirstPaint(meResponse, () => Promise.reject(new Error("print server down")), deadlineMs),
    ).resolves.toBeUndefined();
    await expect(
      readForFirstPaint(meResponse, async () => ({ ...profile, aliases: "none" }) as never, deadlineMs),
    ).resolves.toBeUndefined();
  });

  it("holds the page no longer than the deadline, and a failure after it goes nowhere", async () => {
    vi.useFakeTimers();
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      let fail: (error: Error) => void = () => undefined;
      const pending = readForFirstPaint(
        meResponse,
        () => new Promise<typeof profile>((_, reject) => (fail = reject)),
        deadlineMs,
      );
      let settled = false;
      void pending.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(deadlineMs - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toBeUndefined();

      fail(new Error("late"));
      await vi.advanceTimersByTimeAsync(0);
      vi.useRealTimers();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});
