import { Suspense, type ReactNode } from "react";

/**
 * A client part of the page that React hydrates on its own, in short slices
 * between which the browser stays free, instead of in the one long task
 * that hydrates the whole page (a Suspense boundary does that): on a phone
 * that long task is what keeps the page from answering a tap.
 * Only around client components that never suspend while they are rendered
 * on the server: there is no fallback, and none is ever shown.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
