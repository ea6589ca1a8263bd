"use client";

import { useTranslations } from "next-intl";
import type { JobView } from "@/app/api/jobs/schema";
import { formatMoney } from "@/lib/browser-safe/money-format";
import { dateTimeFormat } from "@/lib/browser-safe/date-time-format";
import { nearMoment } from "@/lib/browser-safe/time-format";

// A job's facts in one line, each only when the server says it (a real MyQ X
// sends no state and no deletion time), and under the name when it goes.

export function JobFacts({ job, now, locale }: { job: JobView; now: number; locale: string }) {
  const t = useTranslations("jobs");
  const facts: string[] = [];
  const sent = job.submittedAt ? Date.parse(job.submittedAt) : NaN;
  if (!Number.isNaN(sent)) facts.push(t("sent", nearMoment(sent, now, locale)));
  if (job.pages !== null) facts.push(t("pages", { count: job.pages }));
  if (job.color !== null) facts.push(job.color ? t("colour") : t("mono"));
  if (job.duplex !== null) facts.push(job.duplex ? t("twoSided") : t("oneSided"));
  if (job.copies !== null) facts.push(t("copies", { count: job.copies }));
  return <p className="text-sm text-fg-muted">{facts.join(" · ")}</p>;
}

/** "Deleted tomorrow at 09:14 unless printed", or for a printed job how long it is kept. */
export function JobDeletion({ job, now, locale }: { job: JobView; now: number; locale: string }) {
  const t = useTranslations("jobs");
  const at = job.expiresAt && !job.favorite ? Date.parse(job.expiresAt) : NaN;
  if (Number.isNaN(at)) return null;
  if (job.state === "printed") {
    const date = dateTimeFormat(locale, { dateStyle: "medium" }).format(at);
    return <p className="text-sm text-fg-muted">{t("keptUntil", { date })}</p>;
  }
  return <p className="text-sm text-fg-muted">{t("deleted", nearMoment(at, now, locale))}</p>;
}

export function JobCost({ job, currency, locale }: { job: JobView; currency: string | undefined; locale: string }) {
  if (job.cost === null || !currency) return null;
  return <span className="font-semibold tabular-nums">{formatMoney(job.cost, currency, locale)}</span>;
}
