import { SvgIcon } from "@/components/icons/svg-icon";
import { buttonClasses } from "@/components/ui/button";
import { preferencesRoute } from "@/lib/browser-safe/form-routes";
import { requestedPath } from "@/lib/request-path";
import { InPlacePreferences } from "./in-place-preferences";

interface Choice {
  value: string;
  label: string;
  /** The language the label is written in, when it is not the page's. */
  lang?: string;
}

interface ChoiceSwitchProps {
  legend: string;
  /** The form field app/api/preferences reads: locale or theme. */
  name: string;
  choices: Choice[];
  current: string;
}

/**
 * A switch outside the user menu (the sign-in page): one button per choice in
 * a labelled group. A plain form posted to app/api/preferences, which sends
 * the browser back to this page, so it works before any script has loaded
 * (with one, in-place-preferences.tsx changes it in place); the current choice
 * is marked by a tick and aria-pressed, not by colour alone.
 */
export async function ChoiceSwitch({ legend, name, choices, current }: ChoiceSwitchProps) {
  const returnTo = await requestedPath();
  const formId = `${name}-switch`;
  return (
    <form id={formId} action={preferencesRoute} method="post">
      <InPlacePreferences containerId={formId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-2 text-sm font-medium text-fg-muted">{legend}</legend>
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="submit"
            name={name}
            value={choice.value}
            lang={choice.lang}
            aria-pressed={choice.value === current}
            className={buttonClasses(
              "ghost",
              "px-3 text-sm aria-pressed:bg-surface-muted aria-pressed:underline aria-pressed:underline-offset-4",
            )}
          >
            {choice.value === current ? <SvgIcon name="check" className="size-4" /> : null}
            {choice.label}
          </button>
        ))}
      </fieldset>
    </form>
  );
}
