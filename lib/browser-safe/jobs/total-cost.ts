/** The total cost of jobs, without binary noise (0.1 + 0.2). */
export function totalCost(costs: readonly (number | null)[]): number {
  return Math.round(costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0) * 1e6) / 1e6;
}
