import { PageHeading } from "@/components/layout/page-heading";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { JobsBoard } from "./jobs-board";
import { HydrateApart } from "@/components/layout/hydrate-apart";

/** The Jobs page: what is waiting, what it costs, and where to print it. */
export async function JobsView({ printerId }: { printerId: number | null }) {
  const t = await serverTranslator("jobs");
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={t("pageTitle")} intro={t("pageIntro")} />
      <HydrateApart>
        <JobsBoard printerParam={printerId} />
      </HydrateApart>
    </div>
  );
}
