import { describe, expect, it } from "vitest";
import { entryStateFor, isSettled } from "./entry-state";
import { executionStatusOf } from "./execution-status";
import { assumedRetentionMs } from "@/lib/browser-safe/contract-assumptions";

describe("executionStatusOf", () => {
  it.each([
    [202, "running"],
    [200, "ready"],
    [410, "gone"],
    [404, "unknown"],
  ] as const)("reads %i as %s", (code, status) => {
    expect(executionStatusOf(code)).toBe(status);
  });

  it.each([201, 204, 400, 401, 403, 429, 500, 503])("says nothing about an execution for %i", (code) => {
    expect(executionStatusOf(code)).toBeUndefined();
  });
});

describe("entryStateFor", () => {
  const now = Date.UTC(2026, 10, 21, 12);

  it("keeps running and ready as the server says", () => {
    expect(entryStateFor("running", { startedAt: now - 5000 }, now)).toBe("running");
    expect(entryStateFor("ready", { startedAt: now - 5000 }, now)).toBe("ready");
  });

  it("reads a 410 for a file never seen ready as failed", () => {
    expect(entryStateFor("gone", { startedAt: now - 5000 }, now)).toBe("failed");
  });

  it("reads a 410 for a file once ready as expired, not as an error", () => {
    expect(entryStateFor("gone", { startedAt: now - 5000, readyAt: now - 4000 }, now)).toBe("expired");
  });

  it("reads a 410 older than the retention as expired even if never seen ready", () => {
    expect(entryStateFor("gone", { startedAt: now - assumedRetentionMs }, now)).toBe("expired");
    expect(entryStateFor("gone", { startedAt: now - assumedRetentionMs + 1 }, now)).toBe("failed");
  });

  it("drops an execution the print server does not know (or is not this user's)", () => {
    expect(entryStateFor("unknown", { startedAt: now }, now)).toBe("drop");
  });

  it("calls everything but running settled", () => {
    expect(isSettled("running")).toBe(false);
    expect(["ready", "failed", "expired"].every((s) => isSettled(s as "ready"))).toBe(true);
  });
});
