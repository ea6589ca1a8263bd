"use client";

import { reportMessages as m } from "@/lib/reports/messages";
import { AvailableReports } from "./available-reports";
import { RecentReportsList } from "./recent-reports-list";

/** The Reports page: what can be run, then what was run. */
export function ReportsView({ storageKey }: { storageKey: string }) {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{m.pageTitle}</h1>
        <p className="text-fg-muted">{m.pageIntro}</p>
      </div>
      <AvailableReports storageKey={storageKey} />
      <RecentReportsList storageKey={storageKey} />
    </div>
  );
}
