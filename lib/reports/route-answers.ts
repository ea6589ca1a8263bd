import { NextResponse } from "next/server";

// Answers of the report routes that the shared error codes do not cover
// (a file still being made, a file no longer kept) and 400s that name what
// was wrong. Same shape as lib/errors.ts errorBody: a code and a sentence.

export type ReportAnswerCode = "bad_request" | "not_found" | "still_running" | "gone";

const statusOf: Record<ReportAnswerCode, number> = {
  bad_request: 400,
  not_found: 404,
  still_running: 409,
  gone: 410,
};

export function reportAnswer(code: ReportAnswerCode, message: string): NextResponse {
  return NextResponse.json({ error: code, message }, { status: statusOf[code], headers: { "cache-control": "no-store" } });
}
