"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useMemo } from "react";
import type { deleteResponse } from "@/app/api/jobs/delete/schema";
import type { favoriteResponse } from "@/app/api/jobs/[id]/schema";
import type { releaseResponse } from "@/app/api/jobs/release/schema";
import type { JobListName, JobListResponse } from "@/app/api/jobs/schema";
import type { printersResponse } from "@/app/api/printers/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { PortalError } from "@/lib/browser-safe/errors";
import { fetchJson, postJson } from "@/lib/browser-safe/fetch-json";
import { jobListPath, printersPath } from "@/lib/browser-safe/jobs/list-path";
import { jobPageSize } from "@/lib/browser-safe/jobs/page-size";
import { readAgainOnFocusAfter } from "@/lib/browser-safe/query-client";
import type { ReleaseOptions } from "@/lib/browser-safe/jobs/release-options";
import { queryKeys } from "@/lib/browser-safe/query-keys";

// The Jobs page's data. Each change invalidates what it touched: the lists,
// and the money when a print is charged (shared with Home and Credit).

/** Where the page after `last` starts; undefined when `last` is the list's end. */
function nextStart(last: JobListResponse): number | undefined {
  const next = last.start + jobPageSize;
  return next < last.count ? next : undefined;
}

/** The pages read so far as one list. */
function joinPages({ pages }: InfiniteData<JobListResponse>) {
  return {
    /** The jobs shown, newest first. */
    jobs: pages.flatMap((page) => page.jobs),
    /** How many the list has in all. */
    count: pages.at(-1)?.count ?? 0,
    /** False when the server cannot tell which jobs belong in it. */
    offered: pages[0]?.offered ?? true,
  };
}

/** One list, 50 at a time, newest first; "Show more" is `fetchNextPage`. A list changes with every print: read on each visit and focus. */
export function useJobList(list: JobListName) {
  return useInfiniteQuery({
    queryKey: queryKeys.jobList(list),
    queryFn: ({ pageParam }) => fetchJson<JobListResponse>(jobListPath(list, pageParam)),
    initialPageParam: 0,
    getNextPageParam: nextStart,
    select: joinPages,
  });
}

export type JobList = ReturnType<typeof useJobList>;

/** The printers change rarely (the portal caches them a few seconds too): read again on the tab's return after half a minute. */
export function usePrinters() {
  return useQuery({
    queryKey: queryKeys.printers,
    queryFn: () => fetchJson<Answer<typeof printersResponse>>(printersPath),
    refetchOnWindowFocus: readAgainOnFocusAfter(30_000),
  });
}

export type Printers = ReturnType<typeof usePrinters>;

/** A change refused because a job is no longer waiting (or its answer was lost): the lists are stale. */
function listsAreStale(error: unknown): boolean {
  return (
    error instanceof PortalError &&
    (error.code === "job_not_ready" || error.code === "not_found" || error.code === "unreachable")
  );
}

/** What a change of jobs leaves stale: the lists, and with `money` what is left to print. */
export function useInvalidateJobs() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      lists: () => void client.invalidateQueries({ queryKey: queryKeys.jobLists }),
      money: () => void client.invalidateQueries({ queryKey: queryKeys.money }),
      printers: () => void client.invalidateQueries({ queryKey: queryKeys.printers }),
    }),
    [client],
  );
}

export interface ReleaseVariables {
  printerId: number;
  jobIds?: number[];
  all?: boolean;
  /** Made once per tap of Release; a retry sends the same one, so it prints once. */
  key: string;
  /** What the person changed in the release dialog; left out: as sent. */
  options?: ReleaseOptions;
}

async function release(variables: ReleaseVariables) {
  const send = () => postJson<Answer<typeof releaseResponse>>("/api/jobs/release", variables);
  try {
    return await send();
  } catch (error) {
    // A lost answer: the same key again, which the print server answers as the first.
    if (error instanceof PortalError && error.code === "offline") return send();
    throw error;
  }
}

/** Releases jobs: the lists change, and the money (a server without job states gives no "printed" moment to wait for). */
export function useReleaseJobs() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: release,
    onSuccess: () => {
      invalidate.lists();
      invalidate.money();
    },
    onError: (error) => {
      if (listsAreStale(error)) invalidate.lists();
      // The printer went offline since the list was read: show it so, with why.
      if (error instanceof PortalError && error.code === "printer_unavailable") invalidate.printers();
      // Refused for credit: what is available may have changed elsewhere; show the true figure.
      if (error instanceof PortalError && error.code === "insufficient_credit") invalidate.money();
    },
  });
}

/** Deletes jobs: the lists change, the money does not. */
export function useDeleteJobs() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: (jobIds: number[]) => postJson<Answer<typeof deleteResponse>>("/api/jobs/delete", { jobIds }),
    onSuccess: invalidate.lists,
    onError: (error) => {
      if (listsAreStale(error)) invalidate.lists();
    },
  });
}

/** Marks a job as a favourite or not: every list shows the star. */
export function useFavorite() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: ({ id, favorite }: { id: number; favorite: boolean }) =>
      fetchJson<Answer<typeof favoriteResponse>>(`/api/jobs/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ favorite }),
      }),
    onSuccess: invalidate.lists,
    onError: (error) => {
      if (listsAreStale(error)) invalidate.lists();
    },
  });
}
