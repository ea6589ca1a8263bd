import { describe, expect, it } from "vitest";
import { cpuSeconds, rssBytes } from "./process-memory.mjs";

describe("process figures from /proc", () => {
  it("reads a process's CPU time in seconds, which only grows", () => {
    const before = cpuSeconds(process.pid);
    let spin = 0;
    for (let i = 0; i < 5e6; i++) spin += i % 7;
    expect(spin).toBeGreaterThan(0);
    const after = cpuSeconds(process.pid);
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThanOrEqual(before);
  });

  it("reads a process's resident memory in bytes", () => {
    expect(rssBytes(process.pid)).toBeGreaterThan(1024 * 1024);
  });
});
