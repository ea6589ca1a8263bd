"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { uploadResponse } from "@/app/api/files/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { isErrorCode, PortalError } from "@/lib/browser-safe/errors";
import { queryKeys } from "@/lib/browser-safe/query-keys";

// Uploads to print, each with its own progress and Cancel: XMLHttpRequest,
// whose upload events give the progress fetch cannot. Each file goes once
// with a key of its own (Idempotency-Key): a retry the network makes of the
// same request is stored once.

export type UploadState = "sending" | "done" | "failed" | "cancelled";

export interface Upload {
  key: string;
  name: string;
  /** 0 to 1. */
  progress: number;
  state: UploadState;
  /** The sentence of a refusal, in the person's language. */
  error?: unknown;
}

type Uploaded = Answer<typeof uploadResponse>;

class Cancelled extends Error {}

/** A random key; crypto.randomUUID exists only on HTTPS pages, and an intranet portal may be plain HTTP. */
function uploadKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function refusalOf(status: number, text: string): PortalError {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (isErrorCode(body.error))
      return new PortalError(body.error, { sentence: typeof body.message === "string" ? body.message : undefined });
  } catch {
    // Not the portal's JSON (a proxy's page): the status decides.
  }
  return new PortalError(status === 413 ? "too_large" : status === 401 ? "session_ended" : "internal");
}

function send(file: File, key: string, onProgress: (share: number) => void, requests: Map<string, XMLHttpRequest>) {
  return new Promise<Uploaded>((resolve, reject) => {
    const request = new XMLHttpRequest();
    requests.set(key, request);
    request.open("POST", "/api/files");
    request.setRequestHeader("accept", "application/json");
    request.setRequestHeader("x-file-name", encodeURIComponent(file.name));
    request.setRequestHeader("idempotency-key", key);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 201) resolve(JSON.parse(request.responseText) as Uploaded);
      else reject(refusalOf(request.status, request.responseText));
    };
    request.onerror = () => reject(new PortalError("offline"));
    request.onabort = () => reject(new Cancelled());
    request.onloadend = () => requests.delete(key);
    request.send(file);
  });
}

export function useUploads() {
  const client = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const requests = useRef(new Map<string, XMLHttpRequest>());
  const change = useCallback(
    (key: string, patch: Partial<Upload>) =>
      setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload))),
    [],
  );
  const mutation = useMutation({
    mutationFn: ({ file, key }: { file: File; key: string }) =>
      send(file, key, (progress) => change(key, { progress }), requests.current),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.files }),
  });
  const { mutateAsync } = mutation;

  const start = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        const key = uploadKey();
        setUploads((current) => [...current, { key, name: file.name, progress: 0, state: "sending" }]);
        mutateAsync({ file, key }).then(
          () => change(key, { progress: 1, state: "done" }),
          (error: unknown) =>
            change(key, error instanceof Cancelled ? { state: "cancelled" } : { state: "failed", error }),
        );
      }
    },
    [change, mutateAsync],
  );

  const cancel = useCallback((key: string) => requests.current.get(key)?.abort(), []);
  const dismiss = useCallback(
    (key: string) => setUploads((current) => current.filter((upload) => upload.key !== key)),
    [],
  );
  return { uploads, start, cancel, dismiss };
}
