import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { isEmbeddedRequest } from "@/lib/embedding/embedded-request";
import { IconScope } from "@/components/icons/icon-scope";
import { NextIntlClientProvider } from "next-intl";
import { RememberErrorText } from "@/components/providers/intl-client-provider";
import { messagesFor, type Namespace } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/request-locale";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { requestTheme } from "@/lib/theme/request-theme";
import { fixedTheme } from "@/lib/browser-safe/theme";
import "./globals.css";

// What client components on every page read (error sentences, the error
// page); route groups and pages add their own namespaces with IntlScope,
// so a page's payload carries only the texts its client parts use. The rest
// (titles, greetings, route answers) is only used on the server.
const clientNamespaces: Namespace[] = ["errors", "errorPages"];

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("app");
  return { title: { default: t("name"), template: `%s · ${t("name")}` }, description: t("description") };
}

// The browser's bar takes the page's background (--bg in app/globals.css):
// the chosen theme's, or the system's when nothing was chosen.
const barColour = { light: "#f6f7f9", dark: "#0f1216" } as const;

export async function generateViewport(): Promise<Viewport> {
  const theme = fixedTheme(await requestTheme());
  return {
    width: "device-width",
    initialScale: 1,
    themeColor: theme
      ? barColour[theme]
      : [
          { media: "(prefers-color-scheme: light)", color: barColour.light },
          { media: "(prefers-color-scheme: dark)", color: barColour.dark },
        ],
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, theme, embedded] = await Promise.all([requestLocale(), requestTheme(), isEmbeddedRequest()]);
  return (
    // Rendered on the server, so a chosen theme is there from the first paint.
    <html lang={locale} data-theme={fixedTheme(theme)}>
      {/* In a frame the body takes its content's height, which is what the parent is told (embed-height-reporter.tsx). */}
      <body className={embedded ? "antialiased" : "min-h-dvh antialiased"}>
        {/* In a server component next-intl's provider adds the request config's time zone (i18n/request.ts), so the browser formats as the server did. */}
        <NextIntlClientProvider locale={locale} messages={messagesFor(locale, clientNamespaces)}>
          <RememberErrorText />
          {/* The notices' icons (components/ui/alert.tsx), on every page. */}
          <IconScope names={["alert", "info"]}>{children}</IconScope>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
