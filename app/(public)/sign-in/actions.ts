"use server";

import { redirect } from "next/navigation";
import { signInWithCredentials } from "@/lib/auth/credentials-sign-in";
import { replacePreviousSession } from "@/lib/auth/replace-session";
import { credentialsSchema, isCredentialsProblem } from "@/lib/auth/credentials-schema";
import { safeCallbackPath } from "@/lib/browser-safe/sign-in-path";
import { PortalError, toPortalError } from "@/lib/browser-safe/errors";
import { errorSentence } from "@/lib/i18n/error-sentence";
import { requestLocale } from "@/lib/i18n/request-locale";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { log, errorFields } from "@/lib/log";
import type { SignInState } from "./sign-in-state";

function text(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

export async function signInAction(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const method = text(formData, "method") === "password" ? "password" : "pin";
  const username = text(formData, "username");
  const parsed = credentialsSchema.safeParse(
    method === "pin"
      ? { method, pin: text(formData, "pin") }
      : { method, username, password: text(formData, "password") },
  );
  if (!parsed.success) {
    const t = await serverTranslator("signIn");
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form");
      // The schema's messages are catalogue keys (credentials-schema.ts).
      fieldErrors[field] ??= isCredentialsProblem(issue.message) ? t(`field.${issue.message}`) : t("checkField");
    }
    return { method, username, fieldErrors, message: t("checkField") };
  }

  const destination = safeCallbackPath(text(formData, "callbackUrl"));
  try {
    await replacePreviousSession(() => signInWithCredentials(parsed.data));
  } catch (error) {
    // A refusal (wrong PIN, locked, server away) is a PortalError, logged where it happened.
    if (!(error instanceof PortalError)) log.error("sign-in failed", errorFields(error));
    return { method, username, message: errorSentence(toPortalError(error), await requestLocale()) };
  }
  redirect(destination);
}
