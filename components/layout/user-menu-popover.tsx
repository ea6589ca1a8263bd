"use client";

import { useLocale } from "@/hooks/use-translations";
import { useId, useRef, useState, useTransition, type KeyboardEvent, type ReactNode } from "react";
import { chooseLanguage } from "@/lib/i18n/choose-language";
import { localeNames, locales } from "@/lib/browser-safe/locales";
import { chooseTheme } from "@/lib/theme/choose-theme";
import { themeChoices } from "@/lib/browser-safe/theme";
import { useThemeChoice } from "@/hooks/use-theme-choice";
import { clearAllDrafts } from "@/lib/browser-safe/draft-storage";
import { browserStorage } from "@/lib/browser-safe/browser-storage";
import { focusMenuItem, placeBelow } from "./menu-keys";

/** The menu's words and icons, rendered on the server (user-menu.tsx). */
export interface UserMenuTexts {
  signedInAs: string;
  signOut: string;
  languageLabel: string;
  themeLabel: string;
  themeNames: Record<(typeof themeChoices)[number], string>;
}

export interface UserMenuIcons {
  user: ReactNode;
  chevron: ReactNode;
  check: ReactNode;
  signOut: ReactNode;
}

interface UserMenuProps {
  fullName: string;
  texts: UserMenuTexts;
  icons: UserMenuIcons;
  signOut: () => Promise<void>;
}

const itemClasses =
  "flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-md px-3 text-start font-medium outline-none hover:bg-surface-muted focus-visible:bg-surface-muted focus:bg-surface-muted disabled:cursor-default disabled:opacity-60";

/**
 * The user menu: an ARIA menu button (menu, menuitem, menuitemradio) on the
 * browser's own popover, which lays it over the page and closes it on Escape
 * or a click elsewhere, without a menu library in the page's scripts. Arrow
 * keys, Home, End and the first letter move between the items; Tab leaves.
 */
export function UserMenuPopover({ fullName, texts, icons, signOut }: UserMenuProps) {
  const locale = useLocale();
  const theme = useThemeChoice();
  const [pending, startTransition] = useTransition();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Which end of the menu focus goes to when it opens (ArrowUp on the button: the last item).
  const openAt = useRef<"first" | "last">("first");

  const close = (returnFocus: boolean) => {
    if (menuRef.current?.matches(":popover-open")) menuRef.current.hidePopover();
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    openAt.current = event.key === "ArrowUp" ? "last" : "first";
    menuRef.current?.showPopover();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Tab") {
      close(false);
      return;
    }
    if (event.key === "Escape") {
      // The popover closes itself; focus goes back to the button either way.
      event.preventDefault();
      close(true);
      return;
    }
    if (menuRef.current && focusMenuItem(menuRef.current, event.key)) event.preventDefault();
  };

  const signOutNow = () => {
    // Signing out on purpose (a shared computer): nothing typed stays behind.
    const drafts = browserStorage("sessionStorage");
    if (drafts) clearAllDrafts(drafts);
    close(false);
    startTransition(() => signOut());
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        popoverTarget={menuId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onKeyDown={onButtonKey}
        onClick={() => {
          openAt.current = "first";
        }}
        className="inline-flex min-h-11 max-w-[60vw] items-center gap-2 rounded-lg px-3 font-medium text-fg hover:bg-surface-muted"
      >
        {icons.user}
        <span className="truncate">{fullName}</span>
        {icons.chevron}
      </button>
      <div
        ref={menuRef}
        id={menuId}
        popover="auto"
        role="menu"
        aria-label={fullName}
        onKeyDown={onMenuKey}
        onBeforeToggle={(event) => {
          // Before the first paint of the open menu, so it never shows elsewhere first.
          if (event.newState === "open" && menuRef.current && buttonRef.current)
            placeBelow(menuRef.current, buttonRef.current);
        }}
        onToggle={(event) => {
          const opened = event.newState === "open";
          setOpen(opened);
          if (opened && menuRef.current) focusMenuItem(menuRef.current, openAt.current === "last" ? "End" : "Home");
        }}
        // Positioned by placeBelow; it scrolls rather than run off a small screen.
        className="m-0 min-w-56 overflow-y-auto rounded-lg border border-border bg-surface p-1 text-fg shadow-lg"
      >
        <div className="px-3 py-2 text-sm text-fg-muted">{texts.signedInAs}</div>
        <Separator />
        <MenuChoices
          label={texts.languageLabel}
          name="locale"
          value={locale}
          action={chooseLanguage}
          afterChoice={() => close(true)}
          check={icons.check}
          choices={locales.map((code) => ({ value: code, label: localeNames[code], lang: code }))}
        />
        <Separator />
        <MenuChoices
          label={texts.themeLabel}
          name="theme"
          value={theme}
          action={chooseTheme}
          afterChoice={() => close(true)}
          check={icons.check}
          choices={themeChoices.map((choice) => ({ value: choice, label: texts.themeNames[choice] }))}
        />
        <Separator />
        <MenuItem role="menuitem" disabled={pending} onClick={signOutNow}>
          {icons.signOut}
          {texts.signOut}
        </MenuItem>
      </div>
    </>
  );
}

function Separator() {
  return <div role="separator" className="my-1 h-px bg-border" />;
}

interface MenuItemProps {
  role: "menuitem" | "menuitemradio";
  checked?: boolean;
  disabled?: boolean;
  lang?: string;
  onClick: () => void;
  children: ReactNode;
}

/** One item: a button with the item's role, reached by the arrow keys (not by Tab). */
function MenuItem({ role, checked, disabled, lang, onClick, children }: MenuItemProps) {
  return (
    <button
      type="button"
      role={role}
      aria-checked={checked}
      // aria-disabled, not disabled: a disabled item stays in the arrow-key order.
      aria-disabled={disabled || undefined}
      tabIndex={-1}
      lang={lang}
      data-menu-item=""
      onClick={disabled ? undefined : onClick}
      className={itemClasses}
    >
      {children}
    </button>
  );
}

interface MenuChoicesProps {
  label: string;
  /** The form field the server action reads (it checks the value itself). */
  name: string;
  value: string;
  action: (formData: FormData) => Promise<void>;
  afterChoice: () => void;
  check: ReactNode;
  choices: Array<{ value: string; label: string; lang?: string }>;
}

/**
 * A labelled group of choices in the menu (language, theme); the current one
 * is ticked. Choosing calls the switch's server action, which sets its cookie;
 * Next.js then renders the page again in the new language or theme.
 */
function MenuChoices({ label, name, value, action, afterChoice, check, choices }: MenuChoicesProps) {
  const labelId = useId();
  const [busy, startChoosing] = useTransition();
  const choose = (chosen: string) => {
    afterChoice();
    if (chosen === value) return;
    const form = new FormData();
    form.set(name, chosen);
    startChoosing(() => action(form));
  };
  return (
    <div role="group" aria-labelledby={labelId} aria-busy={busy}>
      <div id={labelId} className="px-3 pb-1 pt-2 text-sm text-fg-muted">
        {label}
      </div>
      {choices.map((choice) => (
        <MenuItem
          key={choice.value}
          role="menuitemradio"
          checked={choice.value === value}
          lang={choice.lang}
          onClick={() => choose(choice.value)}
        >
          <span className="inline-flex size-5 items-center justify-center">
            {choice.value === value ? check : null}
          </span>
          {choice.label}
        </MenuItem>
      ))}
    </div>
  );
}
