export function median(values: number[]): number | undefined;
export function percentile(values: number[], p: number): number | undefined;
export function round(value: number | undefined, digits?: number): number | undefined;
export function elapsedMs(start: bigint): number;
