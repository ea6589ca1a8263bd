"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates what it
 * rendered, true from the render after: for what only the browser knows
 * (its clock's time zone), so hydration finds the server's text unchanged.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
