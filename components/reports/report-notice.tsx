"use client";

import { useRef } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEmbedHref } from "@/hooks/use-embed";
import { buttonClasses } from "@/components/ui/button";
import { Icon } from "@/components/icons/icon-provider";
import { formatName } from "@/lib/browser-safe/reports/report-format";
import type { RecentEntry } from "@/lib/browser-safe/reports/recent-entries";
import { DownloadLink } from "./download-link";

export interface Notice {
  kind: "ready" | "failed";
  entry: RecentEntry;
  /** Shown while the person was looking at the Reports list. */
  seen: boolean;
}

/**
 * The "your report is ready" notice. The live region is always in the page
 * and holds only the sentence, so screen readers announce it on whichever
 * portal page the person is; the card beside it carries the actions.
 */
export function ReportNotice({
  notice,
  showCard,
  onDismiss,
}: {
  notice: Notice | null;
  showCard: boolean;
  onDismiss: () => void;
}) {
  const t = useTranslations("reports");
  const reportsHref = useEmbedHref("/reports");
  const card = useRef<HTMLElement>(null);
  // Where the focus was before it came into the card.
  const cameFrom = useRef<HTMLElement | null>(null);
  // The card goes with any of its actions. Were the focus in it, it would
  // fall to the top of the page: it goes back where it came from, or else to
  // the page's heading.
  const dismiss = () => {
    if (card.current?.contains(document.activeElement)) {
      const heading = document.querySelector<HTMLElement>("main h1");
      if (heading) heading.tabIndex = -1;
      (cameFrom.current?.isConnected ? cameFrom.current : heading)?.focus();
    }
    onDismiss();
  };
  const sentence = (shown: Notice) =>
    t(shown.kind === "ready" ? "readyNotice" : "failedNotice", {
      name: shown.entry.reportName,
      format: formatName(shown.entry.format),
    });
  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {notice ? sentence(notice) : ""}
      </div>
      {notice && showCard ? (
        <div className="pointer-events-none fixed inset-x-0 bottom-16 z-20 flex justify-center px-4 lg:bottom-6 lg:justify-end">
          <section
            ref={card}
            onFocus={(event) => {
              const from = event.relatedTarget as HTMLElement | null;
              if (!card.current?.contains(from)) cameFrom.current = from;
            }}
            aria-label={sentence(notice)}
            data-testid="report-notice"
            className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-card border border-border bg-surface p-4 text-fg shadow-lg"
          >
            {notice.kind === "ready" ? (
              <Icon name="ready" className="mt-2.5 size-5 text-accent" />
            ) : (
              <Icon name="alert" className="mt-2.5 size-5 text-danger-text" />
            )}
            <div className="flex flex-1 flex-col gap-2">
              <p aria-hidden="true" className="pt-2 font-medium">
                {sentence(notice)}
              </p>
              <div className="flex flex-wrap gap-2">
                {notice.kind === "ready" ? (
                  <DownloadLink executionId={notice.entry.executionId} onClick={dismiss}>
                    {t("download")}
                  </DownloadLink>
                ) : null}
                <Link prefetch={false} href={reportsHref} onClick={dismiss} className={buttonClasses("secondary")}>
                  {t("openReports")}
                </Link>
                <button type="button" onClick={dismiss} className={buttonClasses("ghost")}>
                  <Icon name="close" className="size-5" />
                  {t("dismiss")}
                </button>
              </div>
            </div>
          </section>
        </div>
      ) : null}
    </>
  );
}
