import "server-only";
import { createTranslator } from "next-intl";
import { sentenceOf, sentenceValues, type PortalError, type SentenceKey } from "@/lib/browser-safe/errors";
import type { Locale } from "@/lib/browser-safe/locales";
import type { SignInState } from "@/lib/browser-safe/sign-in-state";
import { catalogueSentence, isSentenceKey } from "@/lib/i18n/error-sentence";
import { catalogues } from "@/lib/i18n/messages";
import { isCredentialsProblem, problemField, type CredentialsProblem } from "./credentials-schema";

// Why a post of the sign-in form signed nobody in, and how the form is told.
// With JavaScript the form reads the route's JSON answer (the sentences
// themselves). Without it the browser is sent back to the sign-in page, whose
// URL names what went wrong (the sentence's name, never a sentence or
// anything typed), so the page words it in the person's language; a link
// crafted to show such a message shows only the portal's own sentences.

export type SignInMethod = SignInState["method"];

/**
 * Why a sign-in was refused, in words a log or the person's list of sign-in
 * attempts can use: a PIN without a user name where PIN alone is not offered,
 * other fields refused, a wrong PIN or password, a challenge needed (past a
 * limit), a challenge sent that did not count, or anything else (the print
 * server away, the state store down).
 */
export type SignInRefusalReason =
  "missing-name" | "bad-fields" | "wrong-credentials" | "challenge-needed" | "challenge-failed" | "other";

export type SignInFailure =
  /** Fields the form's schema refused (each problem names its field). */
  | { method: SignInMethod; problems: CredentialsProblem[]; reason: SignInRefusalReason }
  /** The attempt refused or failed: wrong credentials, a challenge needed, the print server away. */
  | { method: SignInMethod; error: PortalError; reason: SignInRefusalReason };

/** The refusal reason of an attempt the print server or a limit refused. */
export function refusalReason(error: PortalError): SignInRefusalReason {
  if (error.code === "invalid_credentials") return "wrong-credentials";
  if (error.code === "challenge_required") return "challenge-needed";
  if (error.code === "challenge_failed") return "challenge-failed";
  return "other";
}

/** True when the form must show the challenge for the next attempt. */
export function needsChallenge(error: PortalError): boolean {
  return error.code === "challenge_required" || error.code === "challenge_failed";
}

const query = {
  error: "signInError",
  retryAfter: "retryAfter",
  fields: "signInFields",
  method: "signInMethod",
} as const;

/** The sentences for refused fields: one above the form, one beside each field. */
export function fieldProblemsState(problems: CredentialsProblem[], locale: Locale) {
  const t = createTranslator({ locale, messages: catalogues[locale], namespace: "signIn" });
  const fieldErrors: Record<string, string> = {};
  for (const problem of problems) fieldErrors[problemField[problem]] ??= t(`field.${problem}`);
  return { message: t("checkField"), fieldErrors };
}

/** The sign-in page's query that tells it `failure` (a sign-in without JavaScript). */
export function failureQuery(failure: SignInFailure): Record<string, string> {
  const names: Record<string, string> = failure.method === "password" ? { [query.method]: "password" } : {};
  if ("problems" in failure) return { ...names, [query.fields]: failure.problems.join(",") };
  const { key } = sentenceOf(failure.error);
  names[query.error] = key.startsWith("errors.") ? key.slice("errors.".length) : failure.error.code;
  const wait = failure.error.retryAfterSeconds;
  if (wait !== undefined) names[query.retryAfter] = String(wait);
  return names;
}

type Params = Record<string, string | undefined>;

function errorSentenceKey(name: string | undefined): SentenceKey | undefined {
  const key = `errors.${name}`;
  return name && /^[A-Za-z_]+$/.test(name) && isSentenceKey(key) ? key : undefined;
}

/** The form's state after a failure the page's query tells (failureQuery); undefined when it tells none. */
export function failureStateFromQuery(params: Params, locale: Locale): SignInState | undefined {
  const method = params[query.method] === "password" ? "password" : "pin";
  const problems = (params[query.fields] ?? "").split(",").filter(isCredentialsProblem);
  if (problems.length > 0) return { method, ...fieldProblemsState(problems, locale) };
  const key = errorSentenceKey(params[query.error]);
  if (!key) return undefined;
  const wait = Number(params[query.retryAfter]);
  const values = sentenceValues(Number.isFinite(wait) && wait > 0 ? wait : undefined);
  const challenge = key === "errors.challenge_required" || key === "errors.challenge_failed";
  return { method, message: catalogueSentence({ key, values }, locale), ...(challenge ? { challenge } : {}) };
}
