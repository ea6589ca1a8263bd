import { serverTranslator } from "@/lib/i18n/server-translator";
import { AvailableReports } from "./available-reports";
import { RecentReportsList } from "./recent-reports-list";

/** The Reports page: what can be run, then what was run. */
export async function ReportsView({ storageKey }: { storageKey: string }) {
  const t = await serverTranslator("reports");
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("pageTitle")}</h1>
        <p className="text-fg-muted">{t("pageIntro")}</p>
      </div>
      <AvailableReports storageKey={storageKey} />
      <RecentReportsList storageKey={storageKey} />
    </div>
  );
}
