export interface BudgetCheck {
  id: string;
  label: string;
  limit: string;
  value: number | null;
  shown: string;
  status: "PASS" | "MISS" | "SKIP";
  /** True for PASS and SKIP. */
  pass: boolean;
  /** What the figure is measured against, or why the budget was skipped. */
  note?: string;
}
export const BUDGETS: ReadonlyArray<{ id: string; label: string; limit: string }>;
export const REPORT_SECONDS_BEFORE: Record<string, number>;
export const REPORT_TOLERANCE: number;
export function checkBudgets(results: Record<string, unknown>): BudgetCheck[];
