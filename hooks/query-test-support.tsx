"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { makeQueryClient } from "@/lib/browser-safe/query-client";

// For the hooks' unit tests (in a DOM environment): the portal's own
// QueryClient, and a fetch that answers the portal's routes from a table.

/** An answer, or "hang": one that never comes. */
type Answer = { status?: number; body: unknown } | "hang";

/** Stands in for the browser's fetch: `answers[path]` (path with query) per request; records each "METHOD path". */
export function servePortal(answers: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push(`${method} ${path}`);
    const entry = answers[`${method} ${path}`] ?? answers[path];
    if (!entry) return new Response(JSON.stringify({ error: "not_found" }), { status: 404 });
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const answer = typeof entry === "function" ? entry(body) : entry;
    if (answer === "hang") return new Promise<Response>(() => {});
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal("fetch", fetch);
  /** How many requests went to `call` ("GET /api/…" or a path). */
  const count = (call: string) => calls.filter((made) => made === call || made === `GET ${call}`).length;
  return { calls, count };
}

/** A fresh QueryClient, as a browser tab makes it. */
export const tabClient = (): QueryClient => makeQueryClient();

/** `hook` rendered inside `client`'s provider. */
export function renderWithClient<Result, Props>(
  client: QueryClient,
  hook: (props: Props) => Result,
  options: { initialProps?: Props } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper, ...options });
}
