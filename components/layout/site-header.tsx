import Link from "next/link";
import { SvgIcon } from "@/components/icons/svg-icon";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { HeaderNav } from "./portal-nav";
import { UserMenu } from "./user-menu";

interface SiteHeaderProps {
  fullName: string;
  username: string;
}

export async function SiteHeader({ fullName, username }: SiteHeaderProps) {
  const t = await serverTranslator("app");
  return (
    <header className="border-b border-border bg-surface">
      {/* Tighter on a phone: the product's name on one line, and a usual name in full beside it, in every language. */}
      <div className="mx-auto flex max-w-4xl items-center justify-between gap-2 px-4 py-1.5 sm:gap-4">
        <div className="flex items-center gap-4">
          <Link
            prefetch={false}
            href="/"
            className="inline-flex min-h-11 items-center gap-2 text-base font-bold sm:text-lg"
          >
            <SvgIcon name="printer" className="size-6 text-accent" />
            {t("name")}
          </Link>
          <HeaderNav />
        </div>
        <UserMenu fullName={fullName} username={username} />
      </div>
    </header>
  );
}
