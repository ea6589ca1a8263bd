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
export interface Budget {
  id: string;
  label: string;
  limit: string | ((results: Record<string, unknown>) => string);
  value(results: Record<string, unknown>): number | undefined;
  pass(value: number, results: Record<string, unknown>): boolean;
  show(value: number): string;
  reference?(results: Record<string, unknown>): string | undefined | false;
}
export const BUDGETS: ReadonlyArray<Budget>;
export const GROUPS: Record<string, string[]>;
export const ALLOWANCES: Record<string, number>;
export const REPORT_SECONDS_BEFORE: Record<string, number>;
export const REPORT_TOLERANCE: number;
export const REPORT_BUDGET_SCALE: number;
export function againstReference(options: {
  id: string;
  label: string;
  figure(results: Record<string, unknown>): number | undefined;
  reference(results: Record<string, unknown>): number | undefined;
  referenceName: string;
  allowance: number;
  kind?: "most" | "least";
  show(value: number): string;
  note?(results: Record<string, unknown>): string | undefined;
}): Budget;
export function shareOf(portal: unknown, floor: unknown): number | undefined;
export function budgetsOf(checks: BudgetCheck[], group: string | undefined): BudgetCheck[];
export function checkBudgets(results: Record<string, unknown>, budgets?: ReadonlyArray<Budget>): BudgetCheck[];
