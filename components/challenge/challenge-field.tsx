"use client";

import type {} from "altcha/types/react";
import { useEffect, useId, useState } from "react";
import { challengeFieldName, challengePath } from "@/lib/browser-safe/challenge";

// The proof-of-work challenge (lib/challenge/) as a field of a form: ALTCHA's
// widget, which fetches a challenge from the portal, solves it in a worker
// as soon as it shows, and puts the solution in a hidden field named
// `challengeFieldName` that the form sends with its other fields. Its
// checkbox carries the visible label, in the page's language; without
// JavaScript the field says so instead.

/** The sentences the field shows, in the page's language (the caller's namespace). */
export interface ChallengeTexts {
  /** The checkbox's label and accessible name, e.g. "Check this browser". */
  label: string;
  /** Under the field: what the check is and how long it takes. */
  hint: string;
  verifying: string;
  verified: string;
  /** The check could not run or its answer was refused. */
  error: string;
  /** The challenge expired before the form was sent. */
  expired: string;
  /** The form was sent before the check finished. */
  verificationRequired: string;
  /** Said to screen readers while it works. */
  waitAlert: string;
  /** Without JavaScript: what to do instead. */
  noScript: string;
}

export interface ChallengeFieldProps {
  texts: ChallengeTexts;
  /** The page's language, e.g. "de". */
  language: string;
  /** Change it to start over with a fresh challenge (a solution counts once). */
  resetKey?: number | string;
}

export function ChallengeField({ texts, language, resetKey }: ChallengeFieldProps) {
  const hintId = useId();
  const [loaded, setLoaded] = useState(false);
  const { hint, noScript, ...widgetTexts } = texts;

  useEffect(() => {
    let current = true;
    void import("./load-altcha").then(({ setWidgetTexts }) => {
      setWidgetTexts(language, { ...widgetTexts, loading: widgetTexts.verifying, footer: "", ariaLinkLabel: "" });
      if (current) setLoaded(true);
    });
    return () => {
      current = false;
    };
    // The texts follow the language; a new object each render must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  return (
    <div className="flex flex-col gap-1.5" aria-describedby={hintId} role="group">
      {loaded ? (
        <div key={resetKey}>
          <altcha-widget
            challenge={challengePath}
            name={challengeFieldName}
            language={language}
            auto="onload"
            type="checkbox"
            configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
            style={{
              "--altcha-max-width": "100%",
              "--altcha-border-radius": "0.5rem",
              "--altcha-color-base": "var(--color-surface, Canvas)",
              "--altcha-color-base-content": "var(--color-fg, CanvasText)",
            }}
          />
        </div>
      ) : (
        // Until the widget loads (and without JavaScript) its label keeps its place.
        <p className="min-h-11 py-2 text-base font-medium">{texts.label}</p>
      )}
      <p id={hintId} className="text-sm text-fg-muted">
        {hint}
      </p>
      <noscript>
        <p className="text-sm text-danger-text">{noScript}</p>
      </noscript>
    </div>
  );
}
