export interface BenchOptions {
  only: string | undefined;
  quick: boolean;
}
export function readOptions(args: string[], env?: Record<string, string | undefined>): BenchOptions;
export function planFor(options: {
  quick: boolean;
}): Record<string, unknown> & { runs: number; lighthouseRuns: number };
