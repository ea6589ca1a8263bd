"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { fileListResponse } from "@/app/api/files/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchImage, fetchJson } from "@/lib/browser-safe/fetch-json";
import { queryKeys } from "@/lib/browser-safe/query-keys";
import { withInitial, type InitialRead } from "./use-account";

export type FileList = Answer<typeof fileListResponse>;
export type FileFolder = "to-print" | "scans";

/** How often an open Files page asks for new scans. */
export const newScanPollMs = 10_000;

/** The person's files to print, scans and quota; asked again while the page is open, so a new scan shows. */
export function useFiles(initial?: InitialRead<FileList>) {
  return useQuery({
    queryKey: queryKeys.files,
    queryFn: () => fetchJson<FileList>("/api/files"),
    refetchInterval: newScanPollMs,
    ...withInitial(initial),
  });
}

export function filePath(folder: FileFolder, name: string): string {
  return `/api/files/${folder}/${encodeURIComponent(name)}`;
}

/**
 * A file to print's first page as a data: URL, drawn once the person asks for
 * it (`asked`) and kept while the page is open. A refusal (previews busy) is
 * not tried again by itself: the person asks again (`refetch`).
 */
export function useFilePreview(file: { name: string; uploadedAt: string }, asked: boolean) {
  return useQuery({
    queryKey: queryKeys.filePreview(file.name, file.uploadedAt),
    // Without the query's abort signal: a remount must not cancel a drawing and ask for a second.
    queryFn: () => fetchImage(`${filePath("to-print", file.name)}/preview`),
    enabled: asked,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useDeleteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ folder, name }: { folder: FileFolder; name: string }) =>
      fetchJson<{ deleted: true }>(filePath(folder, name), { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.files }),
  });
}
