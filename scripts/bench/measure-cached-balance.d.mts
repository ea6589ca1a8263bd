export interface FrameRecord {
  path: string;
  current: string | null;
  text: string;
  at: number;
}
export interface CacheSample {
  met: boolean;
  firstFrame?: boolean;
  refreshed?: boolean;
  why?: string;
}
export const MONEY_PATH: string;
export const FIGURE_SELECTOR: string;
export function showsFigure(text: string): boolean;
export function firstFrameAt(frames: FrameRecord[], path: string): FrameRecord | undefined;
export function figureAfterMs(frames: FrameRecord[], first: FrameRecord | undefined): number | undefined;
export function bumpedMoney(text: string, bump: number): string | undefined;
export function cacheFigures(
  walks: Array<Record<string, CacheSample>>,
): Record<
  string,
  { runs: number; met: number; firstFrame: number; refreshed: number; why?: string; samples: CacheSample[] }
>;
