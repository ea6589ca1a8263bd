"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { ThemeChoice } from "./theme";

// The cookie is httpOnly, so client components (the user menu) learn the
// choice from the root layout, which read it on the server.
const ThemeChoiceContext = createContext<ThemeChoice>("system");

export function ThemeChoiceProvider({ choice, children }: { choice: ThemeChoice; children: ReactNode }) {
  return <ThemeChoiceContext value={choice}>{children}</ThemeChoiceContext>;
}

export function useThemeChoice(): ThemeChoice {
  return useContext(ThemeChoiceContext);
}
