"use client";

import { useTranslations } from "@/hooks/use-translations";
import type { ReactNode } from "react";
import type { JobListName, JobView } from "@/app/api/jobs/schema";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { useJobList } from "@/hooks/use-jobs";
import { isSignedOut } from "@/lib/browser-safe/errors";

interface JobListSectionProps {
  list: JobListName;
  heading: string;
  empty: string;
  /** Said instead of the list when the server cannot tell which jobs belong in it. */
  notOffered?: string;
  /** Above the list when it has jobs (select all). */
  header?: (jobs: JobView[], count: number) => ReactNode;
  row: (job: JobView) => ReactNode;
}

/** One list of jobs: loading, error with Retry, empty, 50 at a time with "Show more". */
export function JobListSection({ list, heading, empty, notOffered, header, row }: JobListSectionProps) {
  const t = useTranslations("jobs");
  const query = useJobList(list);
  const sentence = useErrorSentence();
  const headingId = `jobs-${list}`;
  const jobs = query.data?.pages.flatMap((page) => page.jobs) ?? [];
  const count = query.data?.pages.at(-1)?.count ?? 0;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {heading}
      </h2>
      {query.isPending ? (
        <p aria-busy="true" className="text-fg-muted">
          {t("loading")}
        </p>
      ) : query.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{sentence(query.error, t("loadFailed"))}</Alert>
          <Button
            variant="secondary"
            onClick={() => {
              if (isSignedOut(query.error)) window.location.reload();
              else void query.refetch();
            }}
          >
            {t("retry")}
          </Button>
        </div>
      ) : jobs.length === 0 || query.data.pages[0]?.offered === false ? (
        <p className="rounded-card border border-dashed border-border p-4 text-fg-muted">
          {query.data.pages[0]?.offered === false ? (notOffered ?? empty) : empty}
        </p>
      ) : (
        <>
          {header?.(jobs, count)}
          <ul aria-labelledby={headingId} className="flex flex-col gap-3">
            {jobs.map((job) => row(job))}
          </ul>
          {query.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-start"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t("showMore", { shown: jobs.length, count })}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
