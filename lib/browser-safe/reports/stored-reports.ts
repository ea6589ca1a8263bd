// Whether this browser keeps recent reports of the person (hooks/use-recent-reports.ts
// keeps them), told without reading them: the portal layout loads the report
// watcher only then (components/reports/report-watch.tsx).

/**
 * Sent on the window when this tab changes a list (other tabs send
 * "storage"), with the list's key and how many it now has: with storage
 * switched off, the list lives only in the tab.
 */
export const recentReportsChanged = "print-portal:recent-reports";

export interface RecentReportsChange {
  key: string;
  count: number;
}

export function hasStoredReports(storage: Storage | undefined, key: string): boolean {
  try {
    const raw = storage?.getItem(key);
    return raw !== null && raw !== undefined && raw !== "[]";
  } catch {
    return false;
  }
}
