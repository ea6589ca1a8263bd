"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * What a page shows until its first read has data: a loading line, or the
 * failure's sentence with a way to try again.
 */
export function FirstReadState({
  failed,
  failure,
  loading,
  retry,
  onRetry,
}: {
  failed: boolean;
  failure: string;
  loading: string;
  retry: string;
  onRetry: () => void;
}) {
  return failed ? (
    <div className="flex flex-col items-start gap-3">
      <Alert>{failure}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  ) : (
    <p role="status" className="text-fg-muted">
      {loading}
    </p>
  );
}
