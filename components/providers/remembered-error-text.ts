"use client";

import type { Messages } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/browser-safe/locales";

// app/global-error.tsx replaces the root layout, so no language provider is
// around it. The provider leaves the current language's error-page texts
// here; the global error page uses them, or its own English when the portal
// failed before any page was shown.

export interface ErrorText {
  locale: Locale;
  texts: Messages["errorPages"];
}

let remembered: ErrorText | undefined;

export function rememberErrorText(text: ErrorText): void {
  remembered = text;
}

export function rememberedErrorText(): ErrorText | undefined {
  return remembered;
}
