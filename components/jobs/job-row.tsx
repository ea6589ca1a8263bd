"use client";

import { useTranslations } from "next-intl";
import { memo, useId } from "react";
import type { JobView } from "@/app/api/jobs/schema";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/icons/icon-provider";
import { ChoiceBox } from "@/components/ui/choice-box";
import { useFocusHandOver } from "@/hooks/use-focus-hand-over";
import { JobCost, JobDeletion, JobFacts } from "./job-facts";

export interface JobRowActions {
  onFavorite: (job: JobView) => void;
  onDelete: (jobs: JobView[]) => void;
  /** Printed jobs and favourites: print again at the chosen printer (not offered for one still waiting). */
  onReprint?: (job: JobView) => void;
  busy: boolean;
}

interface JobRowProps extends JobRowActions {
  job: JobView;
  now: number;
  locale: string;
  currency: string | undefined;
  /** Waiting jobs: a checkbox, whose label is the job's name. */
  onSelect?: (job: JobView, checked: boolean) => void;
  selected?: boolean;
}

const listHeading = (row: HTMLElement) => row.closest("section")?.querySelector("h2");

/**
 * One job: its name (the checkbox's label while waiting), facts, cost and
 * actions. Memoised, and the board hands every row the same functions: a
 * list that arrives, a tick or a choice renders the rows it changed, not the
 * hundred or more already shown (on a phone a full render of the page is a
 * long task).
 */
export const JobRow = memo(function JobRow({
  job,
  now,
  locale,
  currency,
  onSelect,
  selected = false,
  onFavorite,
  onDelete,
  onReprint,
  busy,
}: JobRowProps) {
  const t = useTranslations("jobs");
  const id = useId();
  // A row that leaves with the focus in it (deleted; unmarked in Favourites) hands it to its list's heading.
  const item = useFocusHandOver<HTMLLIElement>(listHeading);
  return (
    // Rows out of view are not laid out or painted until scrolled to (a list
    // of 150 was a long task on a phone); "auto" keeps a row's last height.
    // The room kept for a row not yet drawn is a usual row's (inside its
    // padding and border; on a phone its facts take two lines): rows drawn as
    // they come into view then hardly move what is below them, such as "Show
    // more" under a finger.
    <li
      ref={item}
      className="rounded-card border border-border bg-surface p-4 [contain-intrinsic-size:auto_11.75rem] [content-visibility:auto] sm:[contain-intrinsic-size:auto_9.25rem]"
    >
      <div role="group" aria-labelledby={`${id}-name`} className="flex flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            <div className="flex min-w-0 flex-col gap-1">
              {onSelect ? (
                <label className="flex min-h-11 cursor-pointer items-center gap-3">
                  <ChoiceBox checked={selected} onChange={(event) => onSelect(job, event.target.checked)} />
                  <span id={`${id}-name`} className="font-semibold break-words">
                    {job.name}
                  </span>
                </label>
              ) : (
                <h3 id={`${id}-name`} className="font-semibold break-words">
                  {job.name}
                </h3>
              )}
              <JobFacts job={job} now={now} locale={locale} />
              <JobDeletion job={job} now={now} locale={locale} />
            </div>
          </div>
          <JobCost job={job} currency={currency} locale={locale} />
        </div>
        <div className="flex flex-wrap gap-2">
          {onReprint && job.state !== "ready" ? (
            <Button variant="secondary" aria-disabled={busy} onClick={() => onReprint(job)}>
              <Icon name="printer" className="size-5" />
              {t("reprint")}
            </Button>
          ) : null}
          <Button variant="secondary" aria-disabled={busy} onClick={() => onFavorite(job)}>
            <Icon name="star" className={`size-5 ${job.favorite ? "[&_svg]:fill-current" : ""}`} />
            {job.favorite ? t("unmarkFavorite") : t("markFavorite")}
          </Button>
          <Button variant="ghost" aria-disabled={busy} onClick={() => onDelete([job])}>
            <Icon name="delete" className="size-5" />
            {t("delete")}
          </Button>
        </div>
      </div>
    </li>
  );
});
