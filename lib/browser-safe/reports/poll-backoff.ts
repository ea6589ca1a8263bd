// How often the browser asks whether a report is ready: soon at first (most
// reports take a second or two), then less often, never slower than 5 s.

export const firstPollMs = 1000;
export const maxPollMs = 5000;
const growth = 1.5;

/** Delay before poll number `attempt` (0 = the first poll after starting). */
export function pollDelayMs(attempt: number): number {
  const safeAttempt = Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
  return Math.min(maxPollMs, Math.round(firstPollMs * growth ** Math.min(safeAttempt, 20)));
}
