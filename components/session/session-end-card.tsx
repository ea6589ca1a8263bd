"use client";

import { useId, useState } from "react";
import { Icon } from "@/components/icons/icon-provider";
import { Button } from "@/components/ui/button";
import { useEmbedded } from "@/hooks/use-embed";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import type { SessionEndState } from "@/hooks/use-session-end";
import { useTranslations } from "next-intl";
import { withEmbed } from "@/lib/browser-safe/embed-mode";
import { signInAgainPath } from "@/lib/browser-safe/sign-in-path";

interface SessionEndCardProps {
  /** Ending (its deadline near) or ended (the portal said the session is over). */
  state: SessionEndState;
  /** The time the countdown is at (the hook's clock). */
  now: number;
  extend: () => Promise<void>;
}

/**
 * The session-end warning itself (session-end-warning.tsx decides when). It
 * does not take the focus: the message is announced once (role=alert), the
 * countdown itself is not read out.
 */
export function SessionEndCard({ state, now, extend }: SessionEndCardProps) {
  const ending = "deadline" in state;
  const ended = !ending;
  const secondsLeft = ending ? Math.max(0, Math.ceil((state.deadline - now) / 1000)) : 0;
  // "Stay signed in" can put the end off (an idle end, not the absolute one).
  const extendable = ending && state.extendable;
  const t = useTranslations("session");
  const sentence = useErrorSentence();
  const embedded = useEmbedded();
  const headingId = useId();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const time = `${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, "0")}`;

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
    <div className="fixed inset-x-0 bottom-20 z-40 flex justify-center px-4 lg:bottom-6">
      <section
        aria-labelledby={headingId}
        className="w-full max-w-md rounded-[var(--radius)] border border-border bg-surface p-4 shadow-lg"
      >
        <div role="alert">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
            <Icon name="clock" className="size-5" />
            {ended ? t("endedTitle") : t("endingTitle")}
          </h2>
          <p className="mt-1 text-fg-muted">
            {ended ? t("endedText") : extendable ? t("endingIdle") : t("endingFixed")}
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
            {extendable ? (
              <Button className="mt-3 w-full sm:w-auto" onClick={stay} aria-disabled={busy} aria-busy={busy}>
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
