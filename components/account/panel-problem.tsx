"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { useEmbedHref } from "@/hooks/use-embed";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { isSignedOut, PortalError } from "@/lib/browser-safe/errors";
import { signInAgainPath } from "@/lib/browser-safe/sign-in-path";

/** True when the organisation has not allowed the portal to read this: said plainly, not as an error. */
export function isNotPermitted(error: unknown): boolean {
  return error instanceof PortalError && error.code === "forbidden_scope";
}

interface PanelProblemProps {
  error: unknown;
  /** What could not be done, e.g. "Your balance could not be loaded." */
  headline: string;
  /** Said instead of an error when the organisation has not allowed this. */
  notPermitted: string;
  onRetry: () => void;
  retrying: boolean;
}

/** A panel's inline problem: plain words, what to do next, and Retry where it can help. */
export function PanelProblem({ error, headline, notPermitted, onRetry, retrying }: PanelProblemProps) {
  const t = useTranslations("account");
  const sentence = useErrorSentence();
  // Back to this page after signing in (a problem shows only in the browser).
  const signInAgainHref = useEmbedHref(signInAgainPath());
  if (isNotPermitted(error)) return <Alert tone="info">{notPermitted}</Alert>;
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>
        {headline} {sentence(error)}
      </Alert>
      {isSignedOut(error) ? (
        <Link prefetch={false} href={signInAgainHref} className={buttonClasses("secondary")}>
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
