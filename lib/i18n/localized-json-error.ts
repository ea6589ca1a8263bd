import "server-only";
import { NextResponse } from "next/server";
import { errorBody, toPortalError } from "@/lib/errors";
import { jsonError } from "@/lib/http/json-error";
import { requestLocale } from "./request-locale";

/**
 * jsonError (same status, headers and logging) with the sentence in the
 * person's language, for routes whose message the page shows as it is.
 */
export async function localizedJsonError(error: unknown): Promise<NextResponse> {
  const answer = jsonError(error);
  const body = errorBody(toPortalError(error), await requestLocale());
  return NextResponse.json(body, { status: answer.status, headers: answer.headers });
}
