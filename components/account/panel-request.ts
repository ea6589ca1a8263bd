import { z } from "zod/mini";
import { errorCodes, type ErrorCode } from "@/lib/browser-safe/error-codes";

// How a panel fetches its data from the portal's own API and what a failure
// means for it. Only the error code of an answer is read; the sentence is the
// panel's own.

export type PanelFailure = ErrorCode | "offline";

export class PanelError extends Error {
  constructor(
    readonly failure: PanelFailure,
    readonly retryAfterSeconds?: number,
  ) {
    super(failure);
    this.name = "PanelError";
  }
}

const errorAnswer = z.object({ error: z.enum(errorCodes), retryAfterSeconds: z.optional(z.number()) });

export async function fetchPanelData<T>(path: string, schema: z.ZodMiniType<T>): Promise<T> {
  let answer: Response;
  try {
    answer = await fetch(path, { cache: "no-store", headers: { accept: "application/json" } });
  } catch {
    throw new PanelError("offline");
  }
  const body: unknown = await answer.json().catch(() => undefined);
  if (!answer.ok) {
    const parsed = errorAnswer.safeParse(body);
    throw new PanelError(
      parsed.success ? parsed.data.error : answer.status === 401 ? "session_ended" : "internal",
      parsed.data?.retryAfterSeconds,
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new PanelError("upstream_malformed");
  return parsed.data;
}

/** Failures that another try cannot fix. */
export function isFinal(failure: PanelFailure): boolean {
  return ["forbidden_scope", "session_ended", "unauthenticated", "not_found", "bad_request"].includes(failure);
}

export function panelFailure(error: unknown): PanelFailure {
  return error instanceof PanelError ? error.failure : "internal";
}

/** TanStack Query's retry rule for the panels: one more try, unless it cannot help. */
export function retryOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isFinal(panelFailure(error));
}
