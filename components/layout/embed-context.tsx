"use client";

import { createContext, useContext, type ReactNode } from "react";
import { withEmbed } from "@/lib/embedding/embed-mode";

// Whether the page shows in an intranet frame (`?embed=1`), for the client
// components that build links: each link keeps the framed layout.

const EmbedContext = createContext(false);

export function EmbedProvider({ embedded, children }: { embedded: boolean; children: ReactNode }) {
  return <EmbedContext.Provider value={embedded}>{children}</EmbedContext.Provider>;
}

export function useEmbedded(): boolean {
  return useContext(EmbedContext);
}

/** The href to use for a portal link: with `embed=1` inside a frame. */
export function useEmbedHref(href: string): string {
  return withEmbed(href, useEmbedded());
}
