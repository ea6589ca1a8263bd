"use client";

import { Clock } from "lucide-react";
import { useTranslations } from "@/hooks/use-translations";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { useSessionEnd } from "@/hooks/use-session-end";
import { onActionOutcome } from "@/lib/browser-safe/action-outcome";
import { withEmbed } from "@/lib/browser-safe/embed-mode";
import { signInAgainPath } from "@/lib/browser-safe/sign-in-path";
import { useEmbedded } from "@/hooks/use-embed";

/**
 * Two minutes before the session ends: how long is left and, where the
 * session can be put off, "Stay signed in" (WCAG 2.2.1). Once it has ended,
 * a link to sign in again that comes back to this page; what was typed here
 * is kept (form-drafts.tsx). An action refused because the session is over
 * (action-outcome.ts) goes to the same sign-in at once. It does not
 * take the focus: the message is announced once (role=alert), the countdown
 * itself is not read out.
 */
export function SessionEndWarning() {
  const t = useTranslations("session");
  const sentence = useErrorSentence();
  const embedded = useEmbedded();
  const headingId = useId();
  const { state, now, extend } = useSessionEnd();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
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
  const ended = state.phase === "ended";
  if (state.phase !== "ending" && !ended) return null;

  const left = state.phase === "ending" ? Math.max(0, Math.ceil((state.deadline - now) / 1000)) : 0;
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;

  async function stay() {
    setBusy(true);
    setProblem(undefined);
    try {
      await extend();
    } catch (error) {
      setProblem(sentence(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="fixed inset-x-0 bottom-20 z-40 flex justify-center px-4 sm:bottom-6">
      <section
        aria-labelledby={headingId}
        className="w-full max-w-md rounded-[var(--radius)] border border-border bg-surface p-4 shadow-lg"
      >
        <div role="alert">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
            <Clock aria-hidden="true" className="size-5" />
            {ended ? t("endedTitle") : t("endingTitle")}
          </h2>
          <p className="mt-1 text-fg-muted">
            {ended ? t("endedText") : state.phase === "ending" && state.extendable ? t("endingIdle") : t("endingFixed")}
          </p>
        </div>
        {ended ? (
          <a
            href={withEmbed(signInAgainPath(), embedded)}
            className="mt-3 inline-flex min-h-11 items-center font-semibold text-accent underline"
          >
            {t("signInAgain")}
          </a>
        ) : (
          <>
            <p className="mt-2 font-semibold tabular-nums">{t("timeLeft", { time })}</p>
            {state.phase === "ending" && state.extendable ? (
              <Button className="mt-3 w-full sm:w-auto" onClick={stay} disabled={busy} aria-busy={busy}>
                {t("staySignedIn")}
              </Button>
            ) : null}
            {problem ? <p className="mt-2 text-danger-text">{problem}</p> : null}
          </>
        )}
      </section>
    </div>
  );
}
