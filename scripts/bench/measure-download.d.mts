export const DOWNLOAD_FILES: Record<"small" | "large", { executionId: number; bytes: number; label: string }>;
interface Run {
  mibPerSecond: number;
  seconds: number;
}
export function downloadFigures(
  file: { bytes: number },
  portalRuns: Array<Run & { growthBytes: number; baselineBytes: number }>,
  floorRuns: Run[],
): {
  bytes: number;
  portal: {
    mibPerSecond: number;
    seconds: number;
    rssGrowthMib: number;
    rssGrowthMaxMib: number;
    rssBaselineMib: number;
  };
  floor: { mibPerSecond: number; seconds: number };
};
export const BROWSER_ACCEPT_ENCODING: string;
export function timed(
  get: () => Promise<{ statusCode: number; bytes: number; seconds: number; encoding: string }>,
  what: string,
  bytes: number,
): Promise<Run>;
