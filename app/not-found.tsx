import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { withEmbed } from "@/lib/browser-safe/embed-mode";
import { isEmbeddedRequest } from "@/lib/embedding/embedded-request";
import { serverTranslator } from "@/lib/i18n/server-translator";

export default async function NotFound() {
  const [t, embedded] = await Promise.all([serverTranslator("errorPages"), isEmbeddedRequest()]);
  return (
    <main className="mx-auto flex max-w-md flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold">{t("notFoundTitle")}</h1>
      <p className="text-fg-muted">{t("notFoundText")}</p>
      <Link prefetch={false} href={withEmbed("/", embedded)} className={buttonClasses("primary")}>
        {t("goHome")}
      </Link>
    </main>
  );
}
