"use client";

import { useTranslations } from "next-intl";
import type { JobView } from "@/app/api/jobs/schema";
import { ChoiceBox } from "@/components/ui/choice-box";

/**
 * "Select all waiting jobs": checked when every shown job is, mixed when some
 * are. While "Show more" has more to load it says it takes the shown ones.
 */
export function SelectAll({
  jobs,
  count,
  selected,
  onChange,
}: {
  jobs: JobView[];
  /** How many are waiting in all, also those not loaded yet. */
  count: number;
  selected: Map<number, JobView>;
  onChange: (all: boolean) => void;
}) {
  const t = useTranslations("jobs");
  const chosen = jobs.filter((job) => selected.has(job.id)).length;
  const all = chosen === jobs.length && jobs.length > 0;
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 self-start px-4">
      <ChoiceBox
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = chosen > 0 && !all;
        }}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{count > jobs.length ? t("selectShown", { shown: jobs.length, count }) : t("selectAll")}</span>
    </label>
  );
}
