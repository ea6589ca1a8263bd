"use client";

import { useContext } from "react";
import { EmbedContext } from "@/components/providers/embed-provider";
import { withEmbed } from "@/lib/browser-safe/embed-mode";

/** True inside an intranet frame (the page asked for `?embed=1`). */
export function useEmbedded(): boolean {
  return useContext(EmbedContext);
}

/** The href to use for a portal link: with `embed=1` inside a frame. */
export function useEmbedHref(href: string): string {
  return withEmbed(href, useEmbedded());
}
