import { unknownExecutionStatus } from "@/lib/browser-safe/contract-assumptions";

// What the download endpoint's status code says about an execution [seed]:
// 202 running, 200 ready, 410 failed or expired. 404 is unknown or not the
// caller's, which the portal treats alike (the list drops it).

export type ExecutionStatus = "running" | "ready" | "gone" | "unknown";

/** The execution's status for a download answer, or undefined when the code says nothing about it. */
export function executionStatusOf(httpStatus: number): ExecutionStatus | undefined {
  if (httpStatus === 202) return "running";
  if (httpStatus === 200) return "ready";
  if (httpStatus === 410) return "gone";
  if (httpStatus === unknownExecutionStatus) return "unknown";
  return undefined;
}
