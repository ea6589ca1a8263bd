import type { JobListName } from "@/app/api/jobs/schema";

/**
 * The portal route of one page of a job list. The Jobs page's reads
 * (hooks/use-jobs.ts) and the page's preload of the waiting list
 * (app/(portal)/jobs/page.tsx) both build it here: a browser hands a
 * preloaded answer to fetch() only for the very same URL.
 */
export function jobListPath(list: JobListName, start: number): string {
  return `/api/jobs?list=${list}&start=${start}`;
}

/** The printers a person can release at: read by the Jobs page, preloaded on a printer's label page. */
export const printersPath = "/api/printers";
