import type { Locale } from "@/lib/browser-safe/locales";
import type { Messages } from "@/lib/i18n/messages";

// Types next-intl's keys and locales after the English catalogue, so a
// misspelt key fails the type check.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
