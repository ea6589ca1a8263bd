"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

/**
 * A form's own check before it sends: the first refused field of each name
 * and its sentence, from the same schema the route checks with (its issues'
 * messages are catalogue keys).
 */
export function useFieldCheck() {
  const t = useTranslations() as unknown as (key: SentenceKey) => string;
  return useCallback(
    <T>(
      schema: z.ZodMiniType<T>,
      value: unknown,
    ): { ok: true; data: T } | { ok: false; errors: Record<string, string> } => {
      const result = schema.safeParse(value);
      if (result.success) return { ok: true, data: result.data };
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? "");
        errors[field] ??= t(issue.message as SentenceKey);
      }
      return { ok: false, errors };
    },
    [t],
  );
}
