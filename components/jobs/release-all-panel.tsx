"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { PrinterView } from "@/app/api/printers/schema";
import { Alert } from "@/components/ui/alert";
import { Icon } from "@/components/icons/icon-provider";
import { Button, buttonClasses } from "@/components/ui/button";
import { useEmbedHref } from "@/hooks/use-embed";
import type { JobList } from "@/hooks/use-jobs";
import { totalCost } from "@/lib/browser-safe/jobs/total-cost";
import { formatMoney } from "@/lib/browser-safe/money-format";
import { usePrinterProblemText } from "./printer-picker";
import { ReleaseAllRoom } from "./release-all-room";

interface ReleaseAllPanelProps {
  /** The label's printer; undefined while loading or when unknown. */
  printer: PrinterView | undefined;
  /** The printer list has loaded (so an undefined printer is unknown, not loading). */
  known: boolean;
  currency: string | undefined;
  locale: string;
  busy: boolean;
  /** The waiting jobs, read by the board. */
  waiting: JobList;
  onReleaseAll: (printerId: number) => void;
}

/** `/jobs?printer=<id>` (a printer's QR label): one big "Release all at <printer>". */
export function ReleaseAllPanel({
  printer,
  known,
  currency,
  locale,
  busy,
  waiting,
  onReleaseAll,
}: ReleaseAllPanelProps) {
  const t = useTranslations("jobs");
  const problemText = usePrinterProblemText();
  const otherHref = useEmbedHref("/jobs");
  const { jobs = [], count = 0 } = waiting.data ?? {};
  // The list as it now is: answered, and not failed since.
  const listed = !waiting.isPending && !waiting.error;

  if (!printer) {
    return known ? <Alert tone="info">{t("unknownPrinter")}</Alert> : <ReleaseAllRoom />;
  }
  const problem = problemText(printer);
  return (
    <section
      aria-labelledby="release-all"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
    >
      <h2 id="release-all" className="text-xl font-semibold">
        {printer.name}
        {printer.location ? <span className="font-normal text-fg-muted">, {printer.location}</span> : null}
      </h2>
      {problem ? (
        <>
          <Alert>{t("printerUnavailable", { printer: printer.name, why: problem })}</Alert>
          <Link prefetch={false} href={otherHref} className={buttonClasses("secondary", "self-start")}>
            {t("otherPrinter")}
          </Link>
        </>
      ) : (
        <>
          {listed ? (
            <p className="text-fg-muted">
              {t("releaseAllSummary", {
                count,
                total: currency ? formatMoney(totalCost(jobs.map((job) => job.cost)), currency, locale) : "",
              })}
            </p>
          ) : waiting.isPending ? (
            // The summary's line, kept until the list comes.
            <p aria-hidden="true">{"\u00a0"}</p>
          ) : null}
          <Button
            className="min-h-14 w-full text-lg sm:w-auto sm:self-start"
            aria-disabled={busy || (listed && count === 0)}
            aria-busy={busy}
            onClick={() => onReleaseAll(printer.id)}
          >
            <Icon name="printer" className="size-6" />
            {t("releaseAllAt", { printer: printer.name })}
          </Button>
        </>
      )}
    </section>
  );
}
