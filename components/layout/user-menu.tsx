import type { ReactNode } from "react";
import { SvgIcon } from "@/components/icons/svg-icon";
import { isEmbedPath, withEmbed } from "@/lib/browser-safe/embed-mode";
import { preferencesRoute, signOutRoute } from "@/lib/browser-safe/form-routes";
import { localeNames, locales } from "@/lib/browser-safe/locales";
import { themeChoices } from "@/lib/browser-safe/theme";
import { requestLocale } from "@/lib/i18n/request-locale";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { requestedPath } from "@/lib/request-path";
import { requestTheme } from "@/lib/theme/request-theme";
import { HydrateApart } from "./hydrate-apart";
import { InPlacePreferences } from "./in-place-preferences";

interface UserMenuProps {
  fullName: string;
  username: string;
}

// One user menu per page (the header, or the slim row in a frame).
const menuId = "user-menu";

const itemClasses =
  "flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-md px-3 text-start font-medium hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:-outline-offset-3";

/**
 * The user menu (language, theme, devices and sign-ins, sign out): a disclosure, a button that
 * opens the browser's own popover, which lays it over the page, keeps it in
 * the Tab order right after the button, and closes it on Escape or a click
 * elsewhere, giving the focus back. No ARIA menu role, so no keys of its
 * own to handle. It is anchored below the button by CSS anchor positioning
 * (a browser without it shows the popover in the top corner).
 *
 * Rendered on the server, its items are the buttons of plain forms, as the
 * sign-in page's switches are (choice-switch.tsx), so it opens and works
 * before any script has loaded. The forms post to fixed routes
 * (lib/browser-safe/form-routes.ts): a choice is remembered in a cookie and
 * the browser sent back to this page, which shows in the new language or
 * theme; with a script the choice is sent in the background and the page
 * rendered again in place (in-place-preferences.tsx). `returnTo` is the page
 * the layout was rendered for: after navigating within the portal it is the
 * first one, which matters only without a script (and then every page is
 * rendered anew), or for the framed layout, which every page of a frame shares.
 */
export async function UserMenu({ fullName, username }: UserMenuProps) {
  const [t, tDevices, tLanguage, tTheme, locale, theme, returnTo] = await Promise.all([
    serverTranslator("userMenu"),
    serverTranslator("devices"),
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
        type="button"
        popoverTarget={menuId}
        // min-w-0: a long name gives way in the header's row (truncated) rather than widen the page.
        className="inline-flex min-h-11 min-w-0 max-w-[60vw] items-center gap-1 rounded-lg px-2 font-medium text-fg [anchor-name:--user-menu] hover:bg-surface-muted sm:gap-2 sm:px-3"
      >
        <SvgIcon name="user" className="size-5 shrink-0" />
        <span className="truncate">{fullName}</span>
        <SvgIcon name="chevron" className="size-4 shrink-0" />
      </button>
      <div
        id={menuId}
        popover="auto"
        // Below the button, right edges aligned; it scrolls rather than run off a small screen.
        className="inset-auto right-2 top-14 m-0 mt-1.5 max-h-[calc(100dvh-5rem)] min-w-56 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-border bg-surface p-1 text-fg shadow-lg [position-anchor:--user-menu] supports-[anchor-name:--a]:right-[anchor(right)] supports-[anchor-name:--a]:top-[anchor(bottom)]"
      >
        <p className="px-3 py-2 text-sm text-fg-muted">{t("signedInAs", { username })}</p>
        <hr className="my-1 border-border" />
        <MenuChoices
          label={tLanguage("label")}
          name="locale"
          current={locale}
          returnTo={returnTo}
          check={check}
          choices={locales.map((code) => ({ value: code, label: localeNames[code], lang: code }))}
        />
        <hr className="my-1 border-border" />
        <MenuChoices
          label={tTheme("label")}
          name="theme"
          current={theme}
          returnTo={returnTo}
          check={check}
          choices={themeChoices.map((choice) => ({ value: choice, label: tTheme(choice) }))}
        />
        <hr className="my-1 border-border" />
        <form action={signOutRoute} method="post">
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" className={itemClasses}>
            <SvgIcon name="signOut" className="size-5" />
            {t("signOut")}
          </button>
        </form>
        {/* Last, beside Sign out: where else this person is signed in. A whole page load, not
            next/link, which would keep the layout and so this menu open. */}
        <a href={withEmbed("/devices", isEmbedPath(returnTo))} className={itemClasses}>
          <span className="size-5" />
          {tDevices("menuLink")}
        </a>
      </div>
      <HydrateApart>
        <InPlacePreferences containerId={menuId} />
      </HydrateApart>
    </>
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

/** A labelled group of choices in the menu (language, theme); the current one is ticked and pressed. */
function MenuChoices({ label, name, current, returnTo, check, choices }: MenuChoicesProps) {
  return (
    <form action={preferencesRoute} method="post">
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset>
        <legend className="px-3 pb-1 pt-2 text-sm text-fg-muted">{label}</legend>
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="submit"
            name={name}
            value={choice.value}
            lang={choice.lang}
            aria-pressed={choice.value === current}
            className={itemClasses}
          >
            <span className="inline-flex size-5 items-center justify-center">
              {choice.value === current ? check : null}
            </span>
            {choice.label}
          </button>
        ))}
      </fieldset>
    </form>
  );
}
