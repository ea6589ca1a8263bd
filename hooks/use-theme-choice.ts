"use client";

import { useContext } from "react";
import { ThemeChoiceContext } from "@/components/providers/theme-choice-provider";
import type { ThemeChoice } from "@/lib/browser-safe/theme";

/** The theme chosen on this device ("system" when none), as the root layout read it. */
export function useThemeChoice(): ThemeChoice {
  return useContext(ThemeChoiceContext);
}
