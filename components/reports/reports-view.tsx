import { PageHeading } from "@/components/layout/page-heading";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { AvailableReports } from "./available-reports";
import { RecentReportsList } from "./recent-reports-list";

/** The Reports page: what can be run, then what was run. */
export async function ReportsView({ storageKey }: { storageKey: string }) {
  const t = await serverTranslator("reports");
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title={t("pageTitle")} intro={t("pageIntro")} />
      <AvailableReports storageKey={storageKey} />
      <RecentReportsList storageKey={storageKey} />
    </div>
  );
}
