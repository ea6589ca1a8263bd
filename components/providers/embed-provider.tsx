"use client";

import { createContext, type ReactNode } from "react";

// Whether the page shows in an intranet frame (`?embed=1`), for the client
// components that build links: each link keeps the framed layout. Read it
// with useEmbedded / useEmbedHref (hooks/use-embed.ts).
export const EmbedContext = createContext(false);

export function EmbedProvider({ embedded, children }: { embedded: boolean; children: ReactNode }) {
  return <EmbedContext.Provider value={embedded}>{children}</EmbedContext.Provider>;
}
