"use client";

import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { readJson } from "@/lib/browser-safe/fetch-json";
import { inOwnTask } from "@/lib/browser-safe/in-own-task";

// One GET of a portal route, owned by the component that shows it (a panel,
// a list). Not a cache: nothing is shared between components or kept after
// them; the owner passes the result and its `refetch` down, and calls
// `refetch` after a change it made. What the pages need, and no more:
// loading, the last figures kept while a new load runs or fails, one more
// try unless it cannot help (readJson), and a new load when the tab comes
// back to the front.

export interface PortalRead<T> {
  /** The last answer; kept while a later load runs or fails (also for a new `url`). */
  data: T | undefined;
  /** The last load's failure (cleared by the next answer). */
  error: unknown;
  /** When `data` arrived (browser clock; the server's for an `initial` answer), 0 before. */
  updatedAt: number;
  /** No answer yet and no failure: the first load runs. */
  isPending: boolean;
  /** Any load runs. */
  isFetching: boolean;
  /** Loads again (the answer replaces `data`); resolves when it is done, never rejects. */
  refetch: () => Promise<void>;
  /** Takes a newer answer from elsewhere (a change's answer carries the data as it now is). */
  replace: (data: T) => void;
}

/** An answer the server read while it rendered the page (lib/account/first-paint.ts). */
export interface InitialRead<T> {
  data: T;
  /** When it was read (server clock). */
  at: number;
}

export interface PortalReadOptions<T> {
  /** Load again when the tab comes back to the front, if the data is at least this old (0: always); undefined: never. */
  refreshOnFocusAfterMs?: number;
  /** The page came with this answer: it stands for the first load (later loads run as usual). */
  initial?: InitialRead<T>;
}

interface ReadState<T> {
  data?: T;
  error?: unknown;
  updatedAt: number;
  fetching: boolean;
}

/** Reads `url` (null: nothing yet) when the component mounts and whenever `url` changes. */
export function usePortalRead<T extends object>(url: string | null, options: PortalReadOptions<T> = {}): PortalRead<T> {
  const { initial } = options;
  const [state, setState] = useState<ReadState<T>>(() =>
    initial ? { data: initial.data, updatedAt: initial.at, fetching: false } : { updatedAt: 0, fetching: url !== null },
  );
  // Only the latest load may write: an older one that answers late is dropped.
  const latest = useRef(0);
  const updatedAt = useRef(initial?.at ?? 0);
  const skipFirstLoad = useRef(initial !== undefined);

  const answered = useCallback((data: T) => {
    updatedAt.current = Date.now();
    // Rendered as a transition: React renders a long list in slices and
    // lets clicks and typing through in between, instead of one long task.
    startTransition(() => setState({ data, error: undefined, updatedAt: updatedAt.current, fetching: false }));
  }, []);

  const load = useCallback(async () => {
    if (url === null) return;
    const run = ++latest.current;
    setState((current) => ({ ...current, fetching: true }));
    try {
      const data = await readJson<T>(url);
      if (run === latest.current) answered(data);
    } catch (error) {
      if (run === latest.current) setState((current) => ({ ...current, error, fetching: false }));
    }
  }, [url, answered]);

  useEffect(() => {
    // The page came with the answer: no first load (a new `url` loads).
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return undefined;
    }
    return inOwnTask(() => void load());
  }, [load]);

  const { refreshOnFocusAfterMs } = options;
  useEffect(() => {
    if (refreshOnFocusAfterMs === undefined) return undefined;
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() - updatedAt.current >= refreshOnFocusAfterMs)
        void load();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [load, refreshOnFocusAfterMs]);

  const replace = useCallback(
    (data: T) => {
      latest.current++;
      answered(data);
    },
    [answered],
  );

  return {
    data: state.data,
    error: state.error,
    updatedAt: state.updatedAt,
    isPending: state.data === undefined && state.error === undefined,
    isFetching: state.fetching,
    refetch: load,
    replace,
  };
}
