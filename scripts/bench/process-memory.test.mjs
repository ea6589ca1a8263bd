import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { cpuSeconds, endedChildrenCpuSeconds, rssBytes } from "./process-memory.mjs";

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

  it("reads the CPU time of the children that ended, which grows by what a child spent", () => {
    const before = endedChildrenCpuSeconds();
    // The child spins until it has used 300 ms of CPU, however busy the machine is.
    const spin = "const s = process.cpuUsage(); while (process.cpuUsage(s).user + process.cpuUsage(s).system < 3e5);";
    spawnSync(process.execPath, ["-e", spin]);
    expect(endedChildrenCpuSeconds() - before).toBeGreaterThanOrEqual(0.2);
  });

  it("reads a process's resident memory in bytes", () => {
    expect(rssBytes(process.pid)).toBeGreaterThan(1024 * 1024);
  });
});
