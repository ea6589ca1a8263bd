export interface Machine {
  cpus: number;
  loadAverageAtStart?: number[];
  loadAverageAtEnd?: number[];
}
export function renderTable(
  results: Record<string, unknown>,
  budgets: Array<{ status: string; label: string; shown: string; limit: string; note?: string }>,
  machine?: Machine,
): string;
export function writeResults(dir: string, document: object): string;
