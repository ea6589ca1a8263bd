"use client";

import { createContext, type ReactNode } from "react";
import type { ThemeChoice } from "@/lib/browser-safe/theme";

// The cookie is httpOnly, so client components (the user menu) learn the
// choice from the root layout, which read it on the server. Read it with
// useThemeChoice (hooks/use-theme-choice.ts).
export const ThemeChoiceContext = createContext<ThemeChoice>("system");

export function ThemeChoiceProvider({ choice, children }: { choice: ThemeChoice; children: ReactNode }) {
  return <ThemeChoiceContext value={choice}>{children}</ThemeChoiceContext>;
}
