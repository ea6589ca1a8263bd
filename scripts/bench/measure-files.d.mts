import type { CurlAnswer } from "./curl.mjs";

export const FILES_UPLOAD: { bytes: number; label: string; name: string };
interface Timing {
  mibPerSecond: number;
  seconds: number;
}
type Sampled = Timing & { growthBytes: number; baselineBytes: number };
interface Side {
  mibPerSecond: number;
  seconds: number;
}
interface PortalSide extends Side {
  rssGrowthMib: number;
  rssGrowthMaxMib: number;
  rssBaselineMib: number;
}
export function checkedUpload(answer: CurlAnswer, what: string, file: { bytes: number }): Timing;
export function filesFigures(
  file: { bytes: number },
  portalRuns: Array<{ upload: Sampled; download: Sampled }>,
  copyRuns: Array<{ upload: Timing; download: Timing }>,
): {
  bytes: number;
  upload: { portal: PortalSide; copy: Side };
  download: { portal: PortalSide; copy: Side };
};
