"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { sessionStatusResponse, SessionStatus } from "@/app/api/session/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { postJson } from "@/lib/browser-safe/fetch-json";
import { usePortalAction } from "./use-portal-action";
import { usePortalRead } from "./use-portal-read";

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
  // Offline or the portal briefly away: the last answer stays; the next check corrects it.
  const status = usePortalRead<Answer<typeof sessionStatusResponse>>("/api/session", {
    refreshOnFocusAfterMs: 30_000,
  });
  const { refetch, replace } = status;
  // Asked again on each page the person opens (the first is asked on mount).
  const pathname = usePathname();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    void refetch();
  }, [pathname, refetch]);
  const stay = usePortalAction(extendSession);
  const [now, setNow] = useState(() => Date.now());

  const state = endState(status.data, status.updatedAt);
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

  const effectiveNow = Math.max(now, status.updatedAt);
  const shown: SessionEndState =
    state.phase === "running" && effectiveNow >= state.deadline - warnBeforeMs ? { ...state, phase: "ending" } : state;
  return {
    state: shown,
    now: effectiveNow,
    extend: async () => {
      replace(await stay.runAsync(undefined));
      setNow(Date.now());
    },
  };
}

const extendSession = () => postJson<Answer<typeof sessionStatusResponse>>("/api/session", {});

function endState(status: SessionStatus | undefined, fetchedAt: number): SessionEndState {
  if (!status) return { phase: "unknown" };
  if (!status.signedIn) return { phase: "ended" };
  const deadline = fetchedAt + status.secondsLeft * 1000;
  return { phase: "running", deadline, extendable: status.extendable };
}
