"use client";

import type { ReactNode } from "react";
import { useEmbedded } from "@/hooks/use-embed";
import { buttonClasses } from "@/components/ui/button";

/**
 * The link that fetches a ready report's file (the answer is an attachment,
 * so the page stays). Inside an intranet frame the `download` attribute is
 * left off: Chromium fetches such a download outside the frame's cookie
 * partition, so the session cookie would be missing, while a plain link is
 * the frame's own navigation and carries it.
 */
export function DownloadLink({
  executionId,
  onClick,
  children,
}: {
  executionId: number;
  onClick?: () => void;
  children: ReactNode;
}) {
  const embedded = useEmbedded();
  return (
    <a
      href={`/api/reports/executions/${executionId}/download`}
      download={embedded ? undefined : true}
      onClick={onClick}
      className={buttonClasses("primary")}
    >
      {children}
    </a>
  );
}
