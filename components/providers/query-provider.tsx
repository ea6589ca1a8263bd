"use client";

import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { isSignedOut } from "@/lib/browser-safe/errors";
import { announceActionOutcome } from "@/lib/browser-safe/action-outcome";

// One QueryClient per browser tab; data areas of later pages fetch through it.
// How each change the person asked for (a mutation) was answered is
// announced (action-outcome.ts): one that finds the session over leads to
// sign-in, not to a dead end. Queries are left to the data areas and the
// session-end warning: a refetch in the background is nobody's action.
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true } },
        mutationCache: new MutationCache({
          onSettled: (_data, error) => announceActionOutcome(isSignedOut(error) ? "session_ended" : "answered"),
        }),
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
