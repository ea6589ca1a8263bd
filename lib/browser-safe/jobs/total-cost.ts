/** The total cost of jobs, without binary noise (0.1 + 0.2). */
export function totalCost(costs: readonly (number | null)[]): number {
  return Math.round(costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0) * 1e6) / 1e6;
}

/**
 * What `total` costs beyond `available`, rounded up to the cent (a price of
 * fractions of a cent never says "0.00 more is needed"); null when covered.
 */
export function shortfall(total: number, available: number | null): number | null {
  return available !== null && total > available ? Math.ceil((total - available) * 100 - 1e-6) / 100 : null;
}
