import type { ReactNode } from "react";
import { SvgIcon } from "@/components/icons/svg-icon";
import { preferencesRoute, signOutRoute } from "@/lib/browser-safe/form-routes";
import { localeNames, locales } from "@/lib/browser-safe/locales";
import { themeChoices } from "@/lib/browser-safe/theme";
import { requestLocale } from "@/lib/i18n/request-locale";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { requestedPath } from "@/lib/request-path";
import { requestTheme } from "@/lib/theme/request-theme";
import { HydrateApart } from "./hydrate-apart";
import { UserMenuKeys } from "./user-menu-keys";

interface UserMenuProps {
  fullName: string;
  username: string;
}

// One user menu per page (the header, or the slim row in a frame).
const buttonId = "user-menu-button";
const menuId = "user-menu";

const itemClasses =
  "flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-md px-3 text-start font-medium outline-none hover:bg-surface-muted focus-visible:bg-surface-muted focus:bg-surface-muted";

/**
 * The user menu (language, theme, sign out): an ARIA menu button (menu,
 * menuitem, menuitemradio) on the browser's own popover, which lays it over
 * the page and closes it on Escape or a click elsewhere. It is rendered here
 * on the server and its items are buttons of plain forms, as the
 * sign-in page's switches are (choice-switch.tsx): it opens and works before
 * any script has loaded, and the page's scripts carry only its keyboard
 * moves (user-menu-keys.tsx), not the menu (issue 14: 1.2 kB less on every
 * page). The forms post to fixed routes (lib/browser-safe/form-routes.ts):
 * a choice is remembered in a cookie and the browser sent back to this page,
 * which shows in the new language or theme, the ticks included; with a
 * script the choice is sent in the background and the page rendered again in
 * place. `returnTo` is the page the layout was rendered for: after navigating
 * within the portal it is the first one, which matters only without a
 * script (and then every page is rendered anew), or for the framed layout,
 * which every page of a frame shares.
 */
export async function UserMenu({ fullName, username }: UserMenuProps) {
  const [t, tLanguage, tTheme, locale, theme, returnTo] = await Promise.all([
    serverTranslator("userMenu"),
    serverTranslator("language"),
    serverTranslator("theme"),
    requestLocale(),
    requestTheme(),
    requestedPath(),
  ]);
  const check = <SvgIcon name="check" className="size-5" />;
  return (
    <>
      <button
        id={buttonId}
        type="button"
        popoverTarget={menuId}
        aria-haspopup="menu"
        aria-expanded="false"
        aria-controls={menuId}
        // min-w-0: a long name gives way in the header's row (truncated) rather than widen the page.
        className="inline-flex min-h-11 min-w-0 max-w-[60vw] items-center gap-1 rounded-lg px-2 font-medium text-fg hover:bg-surface-muted sm:gap-2 sm:px-3"
      >
        <SvgIcon name="user" className="size-5 shrink-0" />
        <span className="truncate">{fullName}</span>
        <SvgIcon name="chevron" className="size-4 shrink-0" />
      </button>
      <div
        id={menuId}
        popover="auto"
        role="menu"
        aria-label={fullName}
        // Positioned by user-menu-keys.tsx; it scrolls rather than run off a small screen.
        className="m-0 min-w-56 overflow-y-auto rounded-lg border border-border bg-surface p-1 text-fg shadow-lg"
      >
        <div className="px-3 py-2 text-sm text-fg-muted">{t("signedInAs", { username })}</div>
        <Separator />
        <MenuChoices
          label={tLanguage("label")}
          name="locale"
          current={locale}
          returnTo={returnTo}
          check={check}
          choices={locales.map((code) => ({ value: code, label: localeNames[code], lang: code }))}
        />
        <Separator />
        <MenuChoices
          label={tTheme("label")}
          name="theme"
          current={theme}
          returnTo={returnTo}
          check={check}
          choices={themeChoices.map((choice) => ({ value: choice, label: tTheme(choice) }))}
        />
        <Separator />
        <form action={signOutRoute} method="post" className="contents">
          <input type="hidden" name="returnTo" value={returnTo} />
          <MenuItem role="menuitem">
            <SvgIcon name="signOut" className="size-5" />
            {t("signOut")}
          </MenuItem>
        </form>
      </div>
      <HydrateApart>
        <UserMenuKeys buttonId={buttonId} menuId={menuId} />
      </HydrateApart>
    </>
  );
}

function Separator() {
  return <div role="separator" className="my-1 h-px bg-border" />;
}

interface MenuItemProps {
  role: "menuitem" | "menuitemradio";
  checked?: boolean;
  /** The form field the item sends (with its value) to its form's route. */
  name?: string;
  value?: string;
  lang?: string;
  children: ReactNode;
}

/** One item: a submit button with the item's role, reached by the arrow keys (not by Tab). */
function MenuItem({ role, checked, name, value, lang, children }: MenuItemProps) {
  return (
    <button
      type="submit"
      role={role}
      aria-checked={checked}
      name={name}
      value={value}
      tabIndex={-1}
      lang={lang}
      data-menu-item=""
      className={itemClasses}
    >
      {children}
    </button>
  );
}

interface MenuChoicesProps {
  label: string;
  /** The form field app/api/preferences reads (it checks the value itself). */
  name: string;
  current: string;
  /** The page the menu is on, where the browser comes back to. */
  returnTo: string;
  check: ReactNode;
  choices: Array<{ value: string; label: string; lang?: string }>;
}

/** A labelled group of choices in the menu (language, theme); the current one is ticked. */
function MenuChoices({ label, name, current, returnTo, check, choices }: MenuChoicesProps) {
  const labelId = `${menuId}-${name}`;
  return (
    <div role="group" aria-labelledby={labelId}>
      <div id={labelId} className="px-3 pb-1 pt-2 text-sm text-fg-muted">
        {label}
      </div>
      <form action={preferencesRoute} method="post" className="contents">
        <input type="hidden" name="returnTo" value={returnTo} />
        {choices.map((choice) => (
          <MenuItem
            key={choice.value}
            role="menuitemradio"
            checked={choice.value === current}
            name={name}
            value={choice.value}
            lang={choice.lang}
          >
            <span className="inline-flex size-5 items-center justify-center">
              {choice.value === current ? check : null}
            </span>
            {choice.label}
          </MenuItem>
        ))}
      </form>
    </div>
  );
}
