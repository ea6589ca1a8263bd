import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/query-provider";
import { IntlScope } from "@/lib/i18n/intl-scope";
import type { Namespace } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/request-locale";
import { serverTranslator } from "@/lib/i18n/server-translator";
import "./globals.css";

// What client components read; the rest (titles, greetings, route answers)
// is only used on the server and stays there.
const clientNamespaces: Namespace[] = ["language", "nav", "userMenu", "signIn", "errors", "errorPages", "account", "reports"];

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("app");
  return { title: { default: t("name"), template: `%s · ${t("name")}` }, description: t("description") };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f6f7f9" },
    { media: "(prefers-color-scheme: dark)", color: "#0f1216" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await requestLocale();
  return (
    <html lang={locale}>
      <body className="min-h-dvh antialiased">
        <IntlScope namespaces={clientNamespaces}>
          <QueryProvider>{children}</QueryProvider>
        </IntlScope>
      </body>
    </html>
  );
}
