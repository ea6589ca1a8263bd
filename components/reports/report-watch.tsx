"use client";

import { lazy, Suspense, useCallback, useSyncExternalStore } from "react";
import { browserStorage } from "@/lib/browser-safe/browser-storage";
import {
  hasStoredReports,
  recentReportsChanged,
  type RecentReportsChange,
} from "@/lib/browser-safe/reports/stored-reports";

// The watcher (status checks, the "ready" notice, the tab title) is loaded
// only once this browser has reports of the person's to watch: most page
// loads have none, and carry none of its code.
const ReportWatcher = lazy(() => import("./report-watcher").then((module) => ({ default: module.ReportWatcher })));

// Lists this tab changed: the count each now has (also when storage is switched off).
const inTab = new Map<string, number>();

function subscribe(onChange: () => void): () => void {
  const onTabChange = (event: Event) => {
    const { key, count } = (event as CustomEvent<RecentReportsChange>).detail;
    inTab.set(key, count);
    onChange();
  };
  window.addEventListener(recentReportsChanged, onTabChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(recentReportsChanged, onTabChange);
    window.removeEventListener("storage", onChange);
  };
}

/** Mounted once in the portal layout: the watcher, while there are recent reports. */
export function ReportWatch({ storageKey }: { storageKey: string }) {
  const stored = useCallback(
    () => (inTab.get(storageKey) ?? 0) > 0 || hasStoredReports(browserStorage("localStorage"), storageKey),
    [storageKey],
  );
  const watching = useSyncExternalStore(subscribe, stored, () => false);
  return watching ? (
    <Suspense fallback={null}>
      <ReportWatcher storageKey={storageKey} />
    </Suspense>
  ) : null;
}
