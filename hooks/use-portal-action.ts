"use client";

import { useCallback, useState } from "react";
import { announceActionOutcome } from "@/lib/browser-safe/action-outcome";
import { isSignedOut } from "@/lib/browser-safe/errors";

// A change the person asked for (a form sent, a release, "Stay signed in"):
// its answer, its failure and whether it runs, for the component that
// offers it. Each outcome is announced (action-outcome.ts): one that finds
// the session over leads to sign-in, with what was typed kept.

export interface PortalAction<V, R> {
  /** Sends; `then` hears how it ended (also when the component has gone since). */
  run: (
    variables: V,
    then?: { onSuccess?: (result: R, variables: V) => void; onError?: (error: unknown) => void },
  ) => void;
  /** As `run`, answering the result (rejecting with the failure). */
  runAsync: (variables: V) => Promise<R>;
  data: R | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  /** Forgets the last answer and failure (a new PIN leaves memory so). */
  reset: () => void;
}

export function usePortalAction<V, R>(send: (variables: V) => Promise<R>): PortalAction<V, R> {
  const [state, setState] = useState<{ status: "idle" | "pending" | "success" | "error"; data?: R; error?: unknown }>({
    status: "idle",
  });
  const runAsync = useCallback(
    async (variables: V) => {
      setState({ status: "pending" });
      try {
        const data = await send(variables);
        setState({ status: "success", data });
        announceActionOutcome("answered");
        return data;
      } catch (error) {
        setState({ status: "error", error });
        announceActionOutcome(isSignedOut(error) ? "session_ended" : "answered");
        throw error;
      }
    },
    [send],
  );

  const run = useCallback<PortalAction<V, R>["run"]>(
    (variables, then) => {
      runAsync(variables).then(
        (result) => then?.onSuccess?.(result, variables),
        (error: unknown) => then?.onError?.(error),
      );
    },
    [runAsync],
  );

  return {
    run,
    runAsync,
    data: state.data,
    error: state.error,
    isPending: state.status === "pending",
    isError: state.status === "error",
    isSuccess: state.status === "success",
    reset: useCallback(() => setState({ status: "idle" }), []),
  };
}
