"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { statesResponse } from "@/app/api/jobs/states/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson } from "@/lib/browser-safe/fetch-json";
import { queryKeys } from "@/lib/browser-safe/query-keys";
import { useInvalidateJobs } from "./use-jobs";

// Apart from the Jobs page's other reads: only the release progress needs
// it, which loads when a release starts.

type JobStates = Answer<typeof statesResponse>;

/** Still printing: no answer yet, or a job is processing. */
const printing = (states: JobStates | undefined) => !states || states.jobs.some((job) => job.state === "processing");

/**
 * How the jobs of one release are doing, asked every second while any is
 * printing (a failed ask is asked again with the next). When the last one
 * is done the lists and the money are read again, so "available to print"
 * falls without a reload.
 */
export function useJobProgress(releaseKey: string, jobIds: number[]): JobStates["jobs"] | undefined {
  const ids = jobIds.join(",");
  const { data } = useQuery({
    queryKey: queryKeys.releaseProgress(releaseKey),
    queryFn: () => fetchJson<JobStates>(`/api/jobs/states?ids=${ids}`),
    enabled: ids !== "",
    refetchInterval: (query) => (printing(query.state.data) ? 1000 : false),
    refetchIntervalInBackground: true,
    retry: false,
  });
  const done = data !== undefined && !printing(data);
  const invalidate = useInvalidateJobs();
  const { lists, money } = invalidate;
  useEffect(() => {
    if (!done) return;
    lists();
    money();
  }, [done, lists, money]);
  return data?.jobs;
}
