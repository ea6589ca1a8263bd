"use client";

import { startTransition, useEffect, useState } from "react";
import type { deleteResponse } from "@/app/api/jobs/delete/schema";
import type { favoriteResponse } from "@/app/api/jobs/[id]/schema";
import type { releaseResponse } from "@/app/api/jobs/release/schema";
import type { JobListName, JobListResponse, JobView } from "@/app/api/jobs/schema";
import { jobListPath, printersPath } from "@/lib/browser-safe/jobs/list-path";
import { hasMore, pagedList, type PagedListState } from "@/lib/browser-safe/jobs/paged-list";
import type { printersResponse } from "@/app/api/printers/schema";
import { PortalError } from "@/lib/browser-safe/errors";
import type { ReleaseOptions } from "@/lib/browser-safe/jobs/release-options";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson, postJson, readJson } from "@/lib/browser-safe/fetch-json";
import { inOwnTask } from "@/lib/browser-safe/in-own-task";
import { usePortalAction } from "./use-portal-action";
import { usePortalRead } from "./use-portal-read";

// The Jobs page's data. The board (components/jobs/jobs-board.tsx) owns the
// lists, the printers and the money, and reads them again after each change:
// what the person has left to print falls whenever a print is charged.

export interface JobList {
  /** The jobs shown, newest first. */
  jobs: JobView[];
  /** How many the list has in all. */
  count: number;
  /** False when the server cannot tell which jobs belong in it. */
  offered: boolean;
  error: unknown;
  /** Neither answered nor failed yet. */
  isPending: boolean;
  isFetchingMore: boolean;
  hasMore: boolean;
  /** "Show more": the next 50. */
  showMore: () => void;
  /** Reads again as many as are shown. */
  refetch: () => Promise<void>;
}

/** One list, 50 at a time, newest first; "Show more" reads the next 50. */
export function useJobList(list: JobListName): JobList {
  const [state, setState] = useState<PagedListState<JobListResponse>>({});
  // Made once: a board keeps each list for its life.
  // A transition: 50 and more rows are rendered in slices, the page answering in between.
  const [paged] = useState(() =>
    pagedList(
      (start) => readJson<JobListResponse>(jobListPath(list, start)),
      (next) => startTransition(() => setState(next)),
    ),
  );
  const { refetch, showMore } = paged;

  useEffect(() => inOwnTask(() => void refetch()), [refetch]);

  // A list changes with every print: read again whenever the tab comes back.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void refetch();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [refetch]);

  const { pages, error, fetchingMore } = state;
  const last = pages?.at(-1);
  return {
    jobs: pages?.flatMap((page) => page.jobs) ?? [],
    count: last?.count ?? 0,
    offered: pages?.[0]?.offered ?? true,
    error,
    isPending: pages === undefined && error === undefined,
    isFetchingMore: !!fetchingMore,
    hasMore: hasMore(last),
    showMore,
    refetch,
  };
}

/** The printers change rarely; the portal caches them a few seconds too. */
export function usePrinters() {
  return usePortalRead<Answer<typeof printersResponse>>(printersPath, { refreshOnFocusAfterMs: 30_000 });
}

/** A change refused because a job is no longer waiting (or its answer was lost): the lists are stale. */
export function listsAreStale(error: unknown): boolean {
  return (
    error instanceof PortalError &&
    (error.code === "job_not_ready" || error.code === "not_found" || error.code === "unreachable")
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

export function useReleaseJobs() {
  return usePortalAction(release);
}

const deleteJobs = (jobIds: number[]) => postJson<Answer<typeof deleteResponse>>("/api/jobs/delete", { jobIds });

export function useDeleteJobs() {
  return usePortalAction(deleteJobs);
}

const setFavorite = ({ id, favorite }: { id: number; favorite: boolean }) =>
  fetchJson<Answer<typeof favoriteResponse>>(`/api/jobs/${id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ favorite }),
  });

export function useFavorite() {
  return usePortalAction(setFavorite);
}
