"use client";

import { lazy, Suspense, useEffect } from "react";
import type { SessionStatus } from "@/app/api/session/schema";
import { useEmbedded } from "@/hooks/use-embed";
import { useSessionEnd } from "@/hooks/use-session-end";
import { onActionOutcome } from "@/lib/browser-safe/action-outcome";
import { withEmbed } from "@/lib/browser-safe/embed-mode";
import { signInAgainPath } from "@/lib/browser-safe/sign-in-path";

// The card's code is loaded when its time comes (two minutes before the end):
// most page loads never show it.
const SessionEndCard = lazy(() => import("./session-end-card").then((module) => ({ default: module.SessionEndCard })));

/**
 * Two minutes before the session ends: how long is left and, where the
 * session can be put off, "Stay signed in" (WCAG 2.2.1). Once it has ended,
 * a link to sign in again that comes back to this page; what was typed here
 * is kept (form-drafts.tsx). An action refused because the session is over
 * (action-outcome.ts) goes to the same sign-in at once.
 */
export function SessionEndWarning({ initial }: { initial?: SessionStatus }) {
  const embedded = useEmbedded();
  const { state, now, extend } = useSessionEnd(initial);
  useEffect(
    () =>
      onActionOutcome((outcome) => {
        if (outcome === "session_ended") window.location.assign(withEmbed(signInAgainPath(), embedded));
      }),
    [embedded],
  );

  // Ended only once the portal says so (useSessionEnd asks again at the
  // deadline): activity elsewhere may have put the end off, and a person
  // told "signed out" whose session lives on would be misled. Until then the
  // warning stays, at 0:00.
  if (state.phase !== "ending" && state.phase !== "ended") return null;
  return (
    <Suspense fallback={null}>
      <SessionEndCard state={state} now={now} extend={extend} />
    </Suspense>
  );
}
