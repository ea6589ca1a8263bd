import { SvgIcon } from "@/components/icons/svg-icon";
import { themeChoices } from "@/lib/browser-safe/theme";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { UserMenuPopover } from "./user-menu-popover";
import { HydrateApart } from "./hydrate-apart";

interface UserMenuProps {
  fullName: string;
  username: string;
  signOut: () => Promise<void>;
}

/**
 * The user menu (language, theme, sign out). Its words and icons are rendered
 * here on the server and handed to the menu in the browser
 * (user-menu-popover.tsx), so the page's scripts carry neither.
 */
export async function UserMenu({ fullName, username, signOut }: UserMenuProps) {
  const [t, tLanguage, tTheme] = await Promise.all([
    serverTranslator("userMenu"),
    serverTranslator("language"),
    serverTranslator("theme"),
  ]);
  return (
    <HydrateApart>
      <UserMenuPopover
        fullName={fullName}
        signOut={signOut}
        texts={{
          signedInAs: t("signedInAs", { username }),
          signOut: t("signOut"),
          languageLabel: tLanguage("label"),
          themeLabel: tTheme("label"),
          themeNames: Object.fromEntries(themeChoices.map((choice) => [choice, tTheme(choice)])) as Record<
            (typeof themeChoices)[number],
            string
          >,
        }}
        icons={{
          user: <SvgIcon name="user" className="size-5 shrink-0" />,
          chevron: <SvgIcon name="chevron" className="size-4 shrink-0" />,
          check: <SvgIcon name="check" className="size-5" />,
          signOut: <SvgIcon name="signOut" className="size-5" />,
        }}
      />
    </HydrateApart>
  );
}
