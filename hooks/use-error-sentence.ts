"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { PortalError, sentenceOf } from "@/lib/browser-safe/errors";

/**
 * What to tell the person about a failed call: the sentence the route
 * answered with (already in their language), else `fallback`, else the
 * code's own sentence from the catalogue (an answer that never came, such
 * as `offline`, has no route sentence).
 */
export function useErrorSentence(): (error: unknown, fallback?: string) => string {
  const t = useTranslations() as unknown as (key: string, values: Record<string, number>) => string;
  return useCallback(
    (error: unknown, fallback?: string) => {
      const portalError = error instanceof PortalError ? error : new PortalError("internal");
      if (portalError.sentence) return portalError.sentence;
      if (fallback !== undefined) return fallback;
      const { key, values } = sentenceOf(portalError);
      return t(key, values);
    },
    [t],
  );
}
