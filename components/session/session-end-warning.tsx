"use client";

import dynamic from "next/dynamic";
import { useEffect } from "react";
import { useEmbedded } from "@/hooks/use-embed";
import { useSessionEnd } from "@/hooks/use-session-end";
import { onActionOutcome } from "@/lib/browser-safe/action-outcome";
import { withEmbed } from "@/lib/browser-safe/embed-mode";
import { signInAgainPath } from "@/lib/browser-safe/sign-in-path";

// The card's code is loaded when its time comes (two minutes before the end):
// most page loads never show it.
const SessionEndCard = dynamic(() => import("./session-end-card").then((module) => module.SessionEndCard), {
  ssr: false,
});

/**
 * Two minutes before the session ends: how long is left and, where the
 * session can be put off, "Stay signed in" (WCAG 2.2.1). Once it has ended,
 * a link to sign in again that comes back to this page; what was typed here
 * is kept (form-drafts.tsx). An action refused because the session is over
 * (action-outcome.ts) goes to the same sign-in at once.
 */
export function SessionEndWarning() {
  const embedded = useEmbedded();
  const { state, now, extend } = useSessionEnd();
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
  if (state.phase === "ended") return <SessionEndCard ended secondsLeft={0} extendable={false} extend={extend} />;
  if (state.phase !== "ending") return null;
  return (
    <SessionEndCard
      ended={false}
      secondsLeft={Math.max(0, Math.ceil((state.deadline - now) / 1000))}
      extendable={state.extendable}
      extend={extend}
    />
  );
}
