export interface FreshMemoryCost {
  freshPageMicros: number;
  writtenPageMicros: number;
  times: number;
}
export function touchCost(bytes: number): { firstMicros: number; againMicros: number };
export function freshMemoryCost(options?: { mib?: number; rounds?: number }): FreshMemoryCost;
