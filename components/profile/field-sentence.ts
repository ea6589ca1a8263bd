"use client";

import { useTranslations } from "next-intl";
import { useCallback, useRef } from "react";
import type { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

type Checked<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/**
 * A form's own check before it sends: the first refused field of each name
 * and its sentence, from the same schema the route checks with (its issues'
 * messages are catalogue keys).
 *
 * The schema comes from `load` (a dynamic import of the route's schema.ts),
 * so the schema library is fetched when a form is first sent, not with the
 * page, whose first load stays near the framework's own. While a
 * check is under way a second press answers undefined: the caller sends
 * nothing, as it does while the request itself runs.
 */
export function useFieldCheck() {
  const t = useTranslations() as unknown as (key: SentenceKey) => string;
  const checking = useRef(false);
  return useCallback(
    async <T>(load: () => Promise<z.ZodMiniType<T>>, value: unknown): Promise<Checked<T> | undefined> => {
      if (checking.current) return undefined;
      checking.current = true;
      try {
        const result = (await load()).safeParse(value);
        if (result.success) return { ok: true, data: result.data };
        const errors: Record<string, string> = {};
        for (const issue of result.error.issues) {
          const field = String(issue.path[0] ?? "");
          errors[field] ??= t(issue.message as SentenceKey);
        }
        return { ok: false, errors };
      } finally {
        checking.current = false;
      }
    },
    [t],
  );
}
