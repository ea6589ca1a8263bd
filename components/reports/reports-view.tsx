import { PageHeading } from "@/components/layout/page-heading";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { AvailableReports } from "./available-reports";
import { RecentReportsList } from "./recent-reports-list";
import { HydrateApart } from "@/components/layout/hydrate-apart";

/** The Reports page: what can be run, then what was run. */
export async function ReportsView({ storageKey }: { storageKey: string }) {
  const t = await serverTranslator("reports");
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title={t("pageTitle")} intro={t("pageIntro")} />
      <HydrateApart>
        <AvailableReports storageKey={storageKey} />
      </HydrateApart>
      <HydrateApart>
        <RecentReportsList storageKey={storageKey} />
      </HydrateApart>
    </div>
  );
}
