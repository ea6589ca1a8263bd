import { NextResponse } from "next/server";
import { currentSession } from "@/lib/auth/current-session";
import { signInWithForm } from "@/lib/auth/form-sign-in";
import { failureQuery, fieldProblemsState, type SignInFailure } from "@/lib/auth/sign-in-failure";
import { redirectNoStore } from "@/lib/auth/sign-on-routes";
import { embedParam, isEmbedPath, withoutEmbed } from "@/lib/browser-safe/embed-mode";
import { signInPath } from "@/lib/browser-safe/sign-in-path";
import { getEnv } from "@/lib/env";
import { errorAnswer, logIfOurFault, type ErrorBody } from "@/lib/http/error-response";
import { readFormBody } from "@/lib/http/plain-form";
import { answerJson, publicRoute } from "@/lib/http/route";
import { localeOfRequest } from "@/lib/i18n/request-locale";
import { signInResponse } from "./schema";

export const dynamic = "force-dynamic";

// The sign-in form posts here (components/sign-in/sign-in-form.tsx). Without
// JavaScript it is a plain form post, answered with redirects: on to the page
// asked for, or back to the sign-in page, whose URL names what went wrong
// (lib/auth/sign-in-failure.ts). With JavaScript the form sends the same
// fields through fetchJson and reads JSON: where to go on to, or the
// sentences to show in the form. Auth.js's signIn() sets the session cookie
// (lib/auth/form-sign-in.ts). A route handler, not a server action: its path
// stays the same from one build to the next, so a page opened before an
// upgrade still signs in. Like every API route it does not pass proxy.ts;
// publicRoute refuses posts from other sites and larger declared bodies, and
// the body is capped here.

const maxBodyBytes = 16 * 1024;

/** Back to the sign-in page saying what went wrong, with the page asked for and the framed layout kept. */
function backToSignIn(location: string, failure: SignInFailure): NextResponse {
  const target = new URL(signInPath(withoutEmbed(location)), getEnv().PORTAL_URL);
  if (isEmbedPath(location)) target.searchParams.set(embedParam, "1");
  for (const [name, value] of Object.entries(failureQuery(failure))) target.searchParams.set(name, value);
  return redirectNoStore(target);
}

export const POST = publicRoute({}, async ({ request }) => {
  const { location, failure } = await signInWithForm(await readFormBody(request, maxBodyBytes), request);
  const answersJson = request.headers.get("accept")?.includes("application/json") ?? false;
  if (!failure) {
    return answersJson
      ? answerJson(signInResponse, { location })
      : redirectNoStore(new URL(location, getEnv().PORTAL_URL));
  }
  if (!answersJson) {
    if ("error" in failure) logIfOurFault(failure.error);
    return backToSignIn(location, failure);
  }
  const locale = await localeOfRequest(currentSession);
  if ("error" in failure) return errorAnswer(failure.error, locale);
  const { message, fieldErrors } = fieldProblemsState(failure.problems, locale);
  const body: ErrorBody = { error: "bad_request", message, fields: fieldErrors };
  return NextResponse.json(body, { status: 400, headers: { "cache-control": "no-store" } });
});
