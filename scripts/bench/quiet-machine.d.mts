export interface CpuTimes {
  busy: number;
  idle: number;
}
export interface QuietWait {
  waitedSeconds: number;
  busyShare: number;
  quiet: boolean;
}
export function busyShare(before: CpuTimes, after: CpuTimes): number;
export function waitForQuietMachine(options?: {
  maxBusyShare?: number;
  windowMs?: number;
  quietWindows?: number;
  timeoutMs?: number;
}): Promise<QuietWait>;
