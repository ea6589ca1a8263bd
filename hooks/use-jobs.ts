"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { deleteResponse } from "@/app/api/jobs/delete/schema";
import type { favoriteResponse } from "@/app/api/jobs/[id]/schema";
import type { releaseResponse } from "@/app/api/jobs/release/schema";
import type { jobListResponse, JobListName } from "@/app/api/jobs/schema";
import { jobPageSize } from "@/lib/browser-safe/jobs/page-size";
import type { statesResponse } from "@/app/api/jobs/states/schema";
import type { printersResponse } from "@/app/api/printers/schema";
import { PortalError } from "@/lib/browser-safe/errors";
import type { ReleaseOptions } from "@/lib/browser-safe/jobs/release-options";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson, postJson, retryOnce } from "@/lib/browser-safe/fetch-json";
import { accountQueryKey } from "./use-account";

// Every key starts with "jobs", so one invalidation refreshes all three lists.
// What the person has left to print is the account's money query: it is
// invalidated whenever a print is charged, so it follows everywhere.

export const jobsQueryKey = ["jobs"] as const;
const printersQueryKey = ["printers"] as const;

/** One list, 50 at a time, newest first; "Show more" fetches the next 50. */
export function useJobList(list: JobListName) {
  return useInfiniteQuery({
    queryKey: [...jobsQueryKey, list],
    queryFn: ({ pageParam }) => fetchJson<Answer<typeof jobListResponse>>(`/api/jobs?list=${list}&start=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.start + jobPageSize < last.count ? last.start + jobPageSize : undefined),
    staleTime: 0,
    retry: retryOnce,
  });
}

/** The printers change rarely; the portal caches them a few seconds too. */
export function usePrinters() {
  return useQuery({
    queryKey: printersQueryKey,
    queryFn: async () => (await fetchJson<Answer<typeof printersResponse>>("/api/printers")).printers,
    staleTime: 30_000,
    retry: retryOnce,
  });
}

/** A job that is no longer waiting: the lists are stale, so they are fetched again. */
function refreshWhenStale(client: ReturnType<typeof useQueryClient>, error: unknown) {
  // "unreachable": a change whose answer was lost may have happened; the lists say.
  if (
    error instanceof PortalError &&
    (error.code === "job_not_ready" || error.code === "not_found" || error.code === "unreachable")
  )
    void client.invalidateQueries({ queryKey: jobsQueryKey });
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

export function useReleaseJobs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: ReleaseVariables) =>
      postJson<Answer<typeof releaseResponse>>("/api/jobs/release", variables),
    // A retry on a lost answer carries the same key: the print server answers it as the first.
    retry: (failures, error) => failures < 1 && error instanceof PortalError && error.code === "offline",
    // The money too: a server without job states gives no "printed" moment to wait for.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: accountQueryKey });
      return client.invalidateQueries({ queryKey: jobsQueryKey });
    },
    onError: (error) => {
      refreshWhenStale(client, error);
      // The printer went offline since the list was read: show it so, with why.
      if (error instanceof PortalError && error.code === "printer_unavailable")
        void client.invalidateQueries({ queryKey: printersQueryKey });
      // Refused for credit: what is available may have changed elsewhere; show the true figure.
      if (error instanceof PortalError && error.code === "insufficient_credit")
        void client.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
}

export function useDeleteJobs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobIds: number[]) => postJson<Answer<typeof deleteResponse>>("/api/jobs/delete", { jobIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsQueryKey }),
    onError: (error) => refreshWhenStale(client, error),
  });
}

export function useFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favorite }: { id: number; favorite: boolean }) =>
      fetchJson<Answer<typeof favoriteResponse>>(`/api/jobs/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ favorite }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsQueryKey }),
    onError: (error) => refreshWhenStale(client, error),
  });
}

/**
 * How released jobs are doing, asked every second while any is printing.
 * When the last one is done the lists and the money are fetched again, so
 * "available to print" falls everywhere without a reload.
 */
export function useJobProgress(jobIds: number[]) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...jobsQueryKey, "progress", jobIds.join(",")],
    queryFn: async () => {
      const answer = await fetchJson<Answer<typeof statesResponse>>(`/api/jobs/states?ids=${jobIds.join(",")}`);
      if (answer.jobs.every((job) => job.state !== "processing")) {
        void client.invalidateQueries({ queryKey: accountQueryKey });
        void client.invalidateQueries({ queryKey: jobsQueryKey, predicate: (q) => q.queryKey[1] !== "progress" });
      }
      return answer.jobs;
    },
    enabled: jobIds.length > 0,
    refetchInterval: (query) => (query.state.data?.every((job) => job.state !== "processing") ? false : 1000),
    staleTime: 0,
    retry: retryOnce,
  });
}
