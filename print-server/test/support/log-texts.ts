import type { LogLine } from "./print-server-process.js";

/**
 * Every text value of the log lines, for checks that a number-like secret
 * (a PIN) was never written: searching the raw output instead could find its
 * digits inside a timestamp by chance. The machine's name is left out for the same reason.
 */
export function logTexts(logs: readonly LogLine[]): string[] {
  return logs.flatMap((line) => strings(line));
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => (key === "hostname" ? [] : strings(v)));
}
