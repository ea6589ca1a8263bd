import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod/mini";
import { PortalError } from "@/lib/browser-safe/errors";
import { isSentenceKey } from "@/lib/i18n/error-sentence";

/** An upload's headers, checked like a body: a refused one answers 400 with the sentence its schema names. */
export function checkedUploadHeaders<T>(schema: z.ZodMiniType<T>, request: NextRequest): T {
  const result = schema.safeParse(Object.fromEntries(request.headers));
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? "";
  throw new PortalError("bad_request", {
    reason: "upload headers refused",
    sentenceKey: isSentenceKey(message) ? message : undefined,
  });
}
