"use client";

import dynamic from "next/dynamic";
import { useRecentReports } from "@/hooks/use-recent-reports";

// The watcher (status checks, the "ready" notice, the tab title) is loaded
// only once this browser has reports of the person's to watch: most page
// loads have none, and carry none of its code.
const ReportWatcher = dynamic(() => import("./report-watcher").then((module) => module.ReportWatcher), {
  ssr: false,
});

/** Mounted once in the portal layout: the watcher, while there are recent reports. */
export function ReportWatch({ storageKey }: { storageKey: string }) {
  const entries = useRecentReports(storageKey);
  return entries && entries.length > 0 ? <ReportWatcher storageKey={storageKey} /> : null;
}
