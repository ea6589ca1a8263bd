"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { sessionStatusResponse, SessionStatus } from "@/app/api/session/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson, postJson } from "@/lib/browser-safe/fetch-json";
import { queryKeys } from "@/lib/browser-safe/query-keys";

/** The warning shows this long before the session ends. */
export const warnBeforeMs = 120_000;

export type SessionEndState =
  { phase: "unknown" } | { phase: "running" | "ending"; deadline: number; extendable: boolean } | { phase: "ended" };

const sessionPath = "/api/session";

/**
 * When this browser's session ends, kept up to date cheaply: known with the
 * page (or asked once), asked again on each page opened after it and
 * whenever the tab comes back to the front after half a minute, then once
 * more when the warning is due (activity on other pages may have put the
 * end off), and at the end. Asking does not count as activity; "Stay signed
 * in" does.
 */
export function useSessionEnd(initial?: SessionStatus): {
  state: SessionEndState;
  now: number;
  extend: () => Promise<void>;
} {
  const client = useQueryClient();
  const [now, setNow] = useState(Date.now);
  // `initial`: the page came with the answer (the layout's session lookup),
  // so the first ask is not made; its seconds count from the first render
  // here (`now`'s first value), by this browser's clock: late by the page's
  // load at most, and the ask at the deadline corrects it. Offline or the
  // portal briefly away: the last answer stays; the next check corrects it.
  const status = useQuery({
    queryKey: queryKeys.session,
    queryFn: () => fetchJson<Answer<typeof sessionStatusResponse>>(sessionPath),
    initialData: initial,
    initialDataUpdatedAt: now,
    staleTime: 30_000,
  });
  const { refetch } = status;
  // Asked again on each page the person opens after the first.
  const pathname = usePathname();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    void refetch();
  }, [pathname, refetch]);
  const stay = useMutation({
    mutationFn: () => postJson<Answer<typeof sessionStatusResponse>>(sessionPath, {}),
    // The answer is the session as it now is.
    onSuccess: (answer) => client.setQueryData(queryKeys.session, answer),
  });

  const state = endState(status.data, status.dataUpdatedAt);
  const deadline = "deadline" in state ? state.deadline : undefined;

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
