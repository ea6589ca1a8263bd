import type { FreshMemoryCost } from "./fresh-memory.mjs";

export interface Machine {
  cpus: number;
  loadAverageAtStart?: number[];
  loadAverageAtEnd?: number[];
  freshMemoryAtStart?: FreshMemoryCost;
  freshMemoryAtEnd?: FreshMemoryCost;
}
export function renderTable(results: Record<string, unknown>, budgets: object[], machine?: Machine): string;
export function writeResults(dir: string, document: object): string;
