"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useJobProgress } from "@/hooks/use-job-progress";
import { Icon } from "@/components/icons/icon-provider";

export interface ReleaseBatch {
  key: string;
  printerName: string;
  jobs: { id: number; name: string }[];
  /** The server tells how each job is doing; else they are shown as released, nothing more. */
  followed: boolean;
}

/**
 * The jobs of one release going "Printing..." then "Printed". Each change
 * is said once in the page's live region (`announce`). A server without job
 * states has them shown as released.
 */
function ReleaseProgress({ batch, announce }: { batch: ReleaseBatch; announce: (text: string) => void }) {
  const t = useTranslations("jobs");
  const ids = batch.jobs.map((job) => job.id);
  const stateRef = useRef(new Map<number, string>());
  const progress = useJobProgress(batch.key, batch.followed ? ids : []);

  useEffect(() => {
    for (const job of progress ?? []) {
      const before = stateRef.current.get(job.id);
      stateRef.current.set(job.id, job.state);
      if (before !== "printed" && job.state === "printed") {
        const name = batch.jobs.find((j) => j.id === job.id)?.name ?? "";
        announce(t("printedAnnounce", { name }));
      }
    }
  }, [progress, batch.jobs, announce, t]);

  return (
    <ul className="flex flex-col gap-2">
      {batch.jobs.map((job) => {
        const state = batch.followed ? (progress?.find((p) => p.id === job.id)?.state ?? "processing") : "released";
        return (
          <li
            key={job.id}
            data-job-progress={state}
            className="flex items-center justify-between gap-3 rounded-lg border border-border bg-surface p-3"
          >
            <span className="min-w-0 break-words">{job.name}</span>
            <span className="flex shrink-0 items-center gap-2 font-semibold">
              {state === "processing" ? (
                <>
                  <Icon name="spinner" className="size-5 animate-spin motion-reduce:animate-none" />
                  {t("printing")}
                </>
              ) : state === "printed" || state === "released" ? (
                <>
                  <Icon name="ready" className="size-5 text-accent" />
                  {state === "printed" ? t("printed") : t("releasedAtPrinter")}
                </>
              ) : (
                t("printGone")
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** "Printing" and each release since the page was opened, newest first. */
export function ReleaseProgressList({
  batches,
  announce,
}: {
  batches: ReleaseBatch[];
  announce: (text: string) => void;
}) {
  const t = useTranslations("jobs");
  return (
    <section aria-labelledby="jobs-progress" className="flex flex-col gap-3">
      <h2 id="jobs-progress" className="text-xl font-semibold">
        {t("progressHeading")}
      </h2>
      {batches.map((batch) => (
        <ReleaseProgress key={batch.key} batch={batch} announce={announce} />
      ))}
    </section>
  );
}
