"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { fileListResponse } from "@/app/api/files/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson } from "@/lib/browser-safe/fetch-json";
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

export function useDeleteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ folder, name }: { folder: FileFolder; name: string }) =>
      fetchJson<{ deleted: true }>(filePath(folder, name), { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.files }),
  });
}
