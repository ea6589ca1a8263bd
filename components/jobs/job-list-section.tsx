"use client";

import { useTranslations } from "next-intl";
import { useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from "react";
import type { JobListName, JobView } from "@/app/api/jobs/schema";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { useShownError } from "@/hooks/use-shown-error";
import type { JobList } from "@/hooks/use-jobs";
import { isSignedOut } from "@/lib/browser-safe/errors";

interface JobListSectionProps {
  name: JobListName;
  /** The list's jobs, read by the board. */
  query: JobList;
  /** Shown as loading even once read, while the board waits for what the rows need besides (the currency). */
  held?: boolean;
  heading: string;
  empty: string;
  /** Said instead of the list when the server cannot tell which jobs belong in it. */
  notOffered?: string;
  /** Above the list when it has jobs (select all). */
  header?: (jobs: JobView[], count: number) => ReactNode;
  row: (job: JobView) => ReactNode;
}

const placeholderRows = 3;

/** One list of jobs: loading, error with Retry, empty, 50 at a time with "Show more". */
export function JobListSection({
  name,
  query,
  held = false,
  heading,
  empty,
  notOffered,
  header,
  row,
}: JobListSectionProps) {
  const t = useTranslations("jobs");
  const sentence = useErrorSentence();
  const headingId = `jobs-${name}`;
  // Rendered apart from the update that brings the answer or ends the hold,
  // in slices that let clicks and typing through: a list of 50 and more rows
  // is long work on a phone, whichever of the two comes last.
  const shown = useDeferredValue(useMemo(() => ({ list: query.data, held }), [query.data, held]));
  const { list } = shown;
  const { jobs = [], count = 0, offered = true } = list ?? {};
  const error = useShownError(query);
  const rows = useRef<HTMLUListElement>(null);
  // How many were shown when "Show more" was pressed. When the button went
  // with the page it read (the list's last), the focus it had goes to the
  // first job that came, not to the top of the page. Only once that page is
  // here: the list renders deferred, and a render of the board before it
  // (a balance, the printers) still has the button focused.
  const shownBefore = useRef(0);
  useEffect(() => {
    if (!shownBefore.current || jobs.length <= shownBefore.current) return;
    if (document.activeElement === document.body)
      rows.current?.children[shownBefore.current]?.querySelector<HTMLElement>("input,button")?.focus();
    shownBefore.current = 0;
  });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      {/* Focusable by script: it has the focus when a row that had it leaves (job-row.tsx). */}
      <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold">
        {heading}
      </h2>
      {(list === undefined && !error) || shown.held ? (
        // Rows' room kept while the list loads, so what is below does not jump.
        <div aria-busy="true" className="flex flex-col gap-3">
          <p className="text-fg-muted">{t("loading")}</p>
          {Array.from({ length: placeholderRows }, (_, index) => (
            <div
              key={index}
              aria-hidden="true"
              className="h-44 animate-pulse rounded-card border border-border bg-surface motion-reduce:animate-none"
            />
          ))}
        </div>
      ) : error ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{sentence(error, t("loadFailed"))}</Alert>
          <Button
            variant="secondary"
            onClick={() => {
              if (isSignedOut(error)) window.location.reload();
              else void query.refetch();
            }}
          >
            {t("retry")}
          </Button>
        </div>
      ) : jobs.length === 0 || !offered ? (
        <p className="rounded-card border border-dashed border-border p-4 text-fg-muted">
          {offered ? empty : (notOffered ?? empty)}
        </p>
      ) : (
        <>
          {header?.(jobs, count)}
          <ul ref={rows} aria-labelledby={headingId} className="flex flex-col gap-3">
            {jobs.map((job) => row(job))}
          </ul>
          {query.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-start"
              aria-disabled={query.isFetchingNextPage}
              onClick={() => {
                if (query.isFetchingNextPage) return;
                shownBefore.current = jobs.length;
                void query.fetchNextPage();
              }}
            >
              {t("showMore", { shown: jobs.length, count })}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
