import { serverTranslator } from "@/lib/i18n/server-translator";
import { JobsBoard } from "./jobs-board";

/** The Jobs page: what is waiting, what it costs, and where to print it. */
export async function JobsView({ printerId }: { printerId: number | null }) {
  const t = await serverTranslator("jobs");
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("pageTitle")}</h1>
        <p className="text-fg-muted">{t("pageIntro")}</p>
      </div>
      <JobsBoard printerParam={printerId} />
    </div>
  );
}
