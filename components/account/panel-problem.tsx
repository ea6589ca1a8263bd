"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { signInPath } from "@/lib/auth/sign-in-path";
import { accountText } from "./messages";
import type { PanelFailure } from "./panel-request";

function reasonFor(failure: PanelFailure, retryAfterSeconds?: number): string {
  switch (failure) {
    case "unreachable":
    case "upstream_malformed":
      return accountText.reasons.unreachable;
    case "offline":
      return accountText.reasons.offline;
    case "session_ended":
    case "unauthenticated":
      return accountText.reasons.sessionEnded;
    case "locked":
      return accountText.reasons.busy(Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60)));
    default:
      return accountText.reasons.other;
  }
}

interface PanelProblemProps {
  failure: PanelFailure;
  retryAfterSeconds?: number;
  /** What could not be done, e.g. "Your balance could not be loaded." */
  headline: string;
  /** Said instead of an error when the organisation has not allowed this. */
  notPermitted: string;
  onRetry: () => void;
  retrying: boolean;
}

/** A panel's inline problem: plain words, what to do next, and Retry where it can help. */
export function PanelProblem({ failure, retryAfterSeconds, headline, notPermitted, onRetry, retrying }: PanelProblemProps) {
  if (failure === "forbidden_scope") return <Alert tone="info">{notPermitted}</Alert>;
  const ended = failure === "session_ended" || failure === "unauthenticated";
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>
        {headline} {reasonFor(failure, retryAfterSeconds)}
      </Alert>
      {ended ? (
        <Link href={signInPath("/", true)} className={buttonClasses("secondary")}>
          {accountText.signInAgain}
        </Link>
      ) : (
        // Stays enabled while retrying so keyboard focus is never lost.
        <Button variant="secondary" onClick={() => (retrying ? undefined : onRetry())} aria-busy={retrying}>
          {accountText.retry}
        </Button>
      )}
    </div>
  );
}
