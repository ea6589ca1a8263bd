"use client";

import { Check, ChevronDown, LogOut, UserRound } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { DropdownMenu } from "radix-ui";
import { useId, useTransition } from "react";
import { chooseLanguage } from "@/lib/i18n/choose-language";
import { localeNames, locales } from "@/lib/browser-safe/locales";
import { chooseTheme } from "@/lib/theme/choose-theme";
import { themeChoices } from "@/lib/browser-safe/theme";
import { useThemeChoice } from "@/hooks/use-theme-choice";
import { clearAllDrafts } from "@/lib/browser-safe/form-drafts";
import { browserStorage } from "@/lib/browser-safe/browser-storage";

interface UserMenuProps {
  fullName: string;
  username: string;
  signOut: () => Promise<void>;
}

const itemClasses =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 font-medium outline-none data-[highlighted]:bg-surface-muted";

export function UserMenu({ fullName, username, signOut }: UserMenuProps) {
  const t = useTranslations("userMenu");
  const tLanguage = useTranslations("language");
  const locale = useLocale();
  const tTheme = useTranslations("theme");
  const theme = useThemeChoice();
  const [pending, startTransition] = useTransition();

  return (
    // Not modal: a modal menu hides the page from screen readers while its
    // links stay focusable (axe: aria-hidden-focus); Tab and Escape close it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex min-h-11 max-w-[60vw] items-center gap-2 rounded-lg px-3 font-medium text-fg hover:bg-surface-muted">
        <UserRound aria-hidden="true" className="size-5 shrink-0" />
        <span className="truncate">{fullName}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          // Language and theme make it tall: it scrolls rather than run off a small screen.
          className="z-20 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-56 overflow-y-auto rounded-lg border border-border bg-surface p-1 text-fg shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm text-fg-muted">
            {t("signedInAs", { username })}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <MenuChoices
            label={tLanguage("label")}
            name="locale"
            value={locale}
            action={chooseLanguage}
            choices={locales.map((code) => ({ value: code, label: localeNames[code], lang: code }))}
          />
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <MenuChoices
            label={tTheme("label")}
            name="theme"
            value={theme}
            action={chooseTheme}
            choices={themeChoices.map((choice) => ({ value: choice, label: tTheme(choice) }))}
          />
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            disabled={pending}
            onSelect={() => {
              // Signing out on purpose (a shared computer): nothing typed stays behind.
              const drafts = browserStorage("sessionStorage");
              if (drafts) clearAllDrafts(drafts);
              startTransition(() => signOut());
            }}
            className={itemClasses}
          >
            <LogOut aria-hidden="true" className="size-5" />
            {t("signOut")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

interface MenuChoicesProps {
  label: string;
  /** The form field the server action reads (it checks the value itself). */
  name: string;
  value: string;
  action: (formData: FormData) => Promise<void>;
  choices: Array<{ value: string; label: string; lang?: string }>;
}

/**
 * A labelled group of choices in the menu (language, theme); the current one
 * is ticked. Choosing calls the switch's server action, which sets its cookie;
 * Next.js then renders the page again in the new language or theme.
 */
function MenuChoices({ label, name, value, action, choices }: MenuChoicesProps) {
  const labelId = useId();
  const [busy, startChoosing] = useTransition();
  const choose = (chosen: string) => {
    if (chosen === value) return;
    const form = new FormData();
    form.set(name, chosen);
    startChoosing(() => action(form));
  };
  return (
    <>
      <DropdownMenu.Label id={labelId} className="px-3 pb-1 pt-2 text-sm text-fg-muted">
        {label}
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup aria-labelledby={labelId} aria-busy={busy} value={value} onValueChange={choose}>
        {choices.map((choice) => (
          <DropdownMenu.RadioItem key={choice.value} value={choice.value} lang={choice.lang} className={itemClasses}>
            <span className="inline-flex size-5 items-center justify-center">
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="size-5" />
              </DropdownMenu.ItemIndicator>
            </span>
            {choice.label}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </>
  );
}
