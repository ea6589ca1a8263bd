"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import type { sessionStatusResponse, SessionStatus } from "@/app/api/session/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson, postJson } from "@/lib/browser-safe/fetch-json";

/** The warning shows this long before the session ends. */
export const warnBeforeMs = 120_000;

export type SessionEndState =
  { phase: "unknown" } | { phase: "running" | "ending"; deadline: number; extendable: boolean } | { phase: "ended" };

/**
 * When this browser's session ends, kept up to date cheaply: asked once per
 * page and whenever the tab comes back to the front, then once more when the
 * warning is due (activity on other pages may have put the end off), and at
 * the end. Asking does not count as activity; "Stay signed in" does.
 */
export function useSessionEnd(): { state: SessionEndState; now: number; extend: () => Promise<void> } {
  const pathname = usePathname();
  const queryKey = ["session-end", pathname];
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey,
    queryFn: () => fetchJson<Answer<typeof sessionStatusResponse>>("/api/session"),
    refetchOnWindowFocus: true,
    // Offline or the portal briefly away: keep what we knew; the next check corrects it.
    retry: false,
  });
  const stay = useMutation({
    mutationFn: () => postJson<Answer<typeof sessionStatusResponse>>("/api/session", {}),
    onSuccess: (answer: SessionStatus) => queryClient.setQueryData(queryKey, answer),
  });
  const [now, setNow] = useState(() => Date.now());

  const state = endState(status.data, status.dataUpdatedAt);
  const { refetch } = status;
  const deadline = state.phase === "running" || state.phase === "ending" ? state.deadline : undefined;

  useEffect(() => {
    if (deadline === undefined) return undefined;
    const warnIn = deadline - warnBeforeMs - Date.now();
    if (warnIn > 0) {
      const timer = setTimeout(() => {
        setNow(Date.now());
        void refetch();
      }, warnIn);
      return () => clearTimeout(timer);
    }
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= deadline) void refetch();
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, refetch]);

  const effectiveNow = Math.max(now, status.dataUpdatedAt);
  const shown: SessionEndState =
    state.phase === "running" && effectiveNow >= state.deadline - warnBeforeMs ? { ...state, phase: "ending" } : state;
  return {
    state: shown,
    now: effectiveNow,
    extend: async () => {
      await stay.mutateAsync();
      setNow(Date.now());
    },
  };
}

function endState(status: SessionStatus | undefined, fetchedAt: number): SessionEndState {
  if (!status) return { phase: "unknown" };
  if (!status.signedIn) return { phase: "ended" };
  const deadline = fetchedAt + status.secondsLeft * 1000;
  return { phase: "running", deadline, extendable: status.extendable };
}
