"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { useEmbedHref } from "@/hooks/use-embed";
import { signInPath } from "@/lib/browser-safe/sign-in-path";
import type { PanelFailure } from "./panel-request";

type Reason = "unreachable" | "offline" | "sessionEnded" | "busy" | "other";

function reasonFor(failure: PanelFailure): Reason {
  switch (failure) {
    case "unreachable":
    case "upstream_malformed":
      return "unreachable";
    case "offline":
      return "offline";
    case "session_ended":
    case "unauthenticated":
      return "sessionEnded";
    case "locked":
      return "busy";
    default:
      return "other";
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
export function PanelProblem({
  failure,
  retryAfterSeconds,
  headline,
  notPermitted,
  onRetry,
  retrying,
}: PanelProblemProps) {
  const t = useTranslations("account");
  const signInAgainHref = useEmbedHref(signInPath("/", true));
  if (failure === "forbidden_scope") return <Alert tone="info">{notPermitted}</Alert>;
  const reason = reasonFor(failure);
  const ended = failure === "session_ended" || failure === "unauthenticated";
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>
        {headline} {t(`reasons.${reason}`, { minutes: Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60)) })}
      </Alert>
      {ended ? (
        <Link href={signInAgainHref} className={buttonClasses("secondary")}>
          {t("signInAgain")}
        </Link>
      ) : (
        // Stays enabled while retrying so keyboard focus is never lost.
        <Button variant="secondary" onClick={() => (retrying ? undefined : onRetry())} aria-busy={retrying}>
          {t("retry")}
        </Button>
      )}
    </div>
  );
}
