export interface BudgetCheck {
  id: string;
  label: string;
  limit: string;
  value: number | null;
  shown: string;
  pass: boolean;
}
export const BUDGETS: ReadonlyArray<{ id: string; label: string; limit: string }>;
export function checkBudgets(results: Record<string, unknown>): BudgetCheck[];
