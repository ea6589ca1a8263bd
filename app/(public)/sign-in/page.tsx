import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/sign-in/sign-in-form";
import { currentSession } from "@/lib/auth/current-session";
import { endedReason, safeCallbackPath } from "@/lib/auth/sign-in-path";
import { userMessage } from "@/lib/errors";
import { signInAction } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(first(params.callbackUrl));
  const state = await currentSession();
  if (state.status === "active") redirect(callbackPath);

  const ended = first(params.reason) === endedReason || state.status === "ended";
  const notice = ended
    ? { text: userMessage("session_ended"), tone: "error" as const }
    : first(params.signedOut)
      ? { text: "You have signed out.", tone: "info" as const }
      : undefined;

  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-[var(--radius)] border border-border bg-surface p-6 shadow-sm sm:p-8">
        <p className="mb-1 text-sm font-semibold uppercase tracking-wide text-accent">Print Portal</p>
        <h1 className="mb-6 text-2xl font-bold">Sign in</h1>
        <SignInForm action={signInAction} callbackUrl={callbackPath === "/" ? undefined : callbackPath} notice={notice} />
      </div>
    </main>
  );
}
