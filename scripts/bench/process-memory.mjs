// Which process really serves a port, how much memory it holds and how much
// CPU time it used, read from /proc (Linux). The portal is started through a small Node server, and a
// wrapper (npm, tsx) would hide the process that streams the bytes.

import { readFileSync, readdirSync, readlinkSync } from "node:fs";
import { BenchError } from "./bench-error.mjs";

function listeningInodes(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols: sl local_address rem_address st ... inode(9)
      if (cols.length > 9 && cols[1].endsWith(`:${hexPort}`) && cols[3] === "0A") inodes.add(cols[9]);
    }
  }
  return inodes;
}

/** The pid whose open files include the socket listening on `port`. */
export function listeningPid(port) {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) throw new BenchError(`nothing listens on port ${port}`);
  const wanted = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds;
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (wanted.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) return Number(entry);
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  throw new BenchError(`no process found for the socket on port ${port}`);
}

/**
 * CPU time a process (all its threads) has used, in seconds: user plus system
 * time from /proc/<pid>/stat, in clock ticks of 1/100 s (Linux's USER_HZ).
 */
export function cpuSeconds(pid) {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The fields of /proc/<pid>/stat after the command name, from the state (field 3) on. */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces and parentheses; the fields follow its last ")".
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** Resident set size of a process in bytes (VmRSS). */
export function rssBytes(pid) {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new BenchError(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** Samples VmRSS every `intervalMs` until stopped; answers the baseline and the peak. */
export function sampleRss(pid, intervalMs = 20) {
  const baseline = rssBytes(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch {
      // The process ended; the figures so far stand.
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      try {
        peak = Math.max(peak, rssBytes(pid));
      } catch {
        // As above.
      }
      return { baselineBytes: baseline, peakBytes: peak, growthBytes: peak - baseline };
    },
  };
}

/** Runs `task` while sampling a process's memory; answers its result with the baseline, peak and growth. */
export async function sampledRun(pid, task) {
  const sampler = sampleRss(pid);
  let memory;
  try {
    const result = await task();
    memory = sampler.stop();
    return { ...result, ...memory };
  } finally {
    if (!memory) sampler.stop();
  }
}
