import "server-only";
import { NextResponse } from "next/server";

// Answers of the report routes that the shared error codes do not cover
// (a file still being made, a file no longer kept, too many reports being
// made at once) and 400s that name what was wrong. Same shape as lib/errors.ts errorBody: a code and a sentence.

export type ReportAnswerCode = "bad_request" | "not_found" | "still_running" | "gone" | "too_many_running";

const statusOf: Record<ReportAnswerCode, number> = {
  bad_request: 400,
  not_found: 404,
  still_running: 409,
  gone: 410,
  too_many_running: 429,
};

export function reportAnswer(code: ReportAnswerCode, message: string, retryAfterSeconds?: number): NextResponse {
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (retryAfterSeconds !== undefined) headers["retry-after"] = String(retryAfterSeconds);
  return NextResponse.json({ error: code, message }, { status: statusOf[code], headers });
}
