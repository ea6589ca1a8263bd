"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { ChoiceBox } from "@/components/ui/choice-box";
import { maxCopies, parseCopies, type ReleaseChoice, type Sides } from "@/lib/browser-safe/jobs/release-options";

interface ReleaseOptionsFieldsProps {
  value: ReleaseChoice;
  /** The jobs as sent: "As sent" is offered only when they differ (or the server does not say). */
  asSent: ReleaseChoice;
  onChange: (value: ReleaseChoice) => void;
}

/** Copies, sides and black and white for the jobs of one release, starting from the jobs as sent. */
export function ReleaseOptionsFields({ value, asSent, onChange }: ReleaseOptionsFieldsProps) {
  const t = useTranslations("jobs");
  const id = useId();
  const copiesInvalid = parseCopies(value.copies) === "invalid";
  const sides: Array<{ value: Sides | "asSent"; label: string }> = [
    ...(asSent.sides === "asSent" ? [{ value: "asSent" as const, label: t("sidesAsSent") }] : []),
    { value: "one", label: t("oneSided") },
    { value: "two", label: t("twoSided") },
  ];
  const hintIds = [asSent.copies === "" ? `${id}-copies-hint` : "", copiesInvalid ? `${id}-copies-error` : ""].filter(
    Boolean,
  );

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 font-semibold">{t("optionsLegend")}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-copies`}>{t("copiesLabel")}</label>
        <input
          id={`${id}-copies`}
          type="number"
          inputMode="numeric"
          min={1}
          max={maxCopies}
          step={1}
          value={value.copies}
          aria-invalid={copiesInvalid}
          aria-describedby={hintIds.length > 0 ? hintIds.join(" ") : undefined}
          onChange={(event) => onChange({ ...value, copies: event.target.value })}
          className="min-h-11 w-28 rounded-lg border border-field-border bg-surface px-3 text-base text-fg"
        />
        {asSent.copies === "" ? (
          <p id={`${id}-copies-hint`} className="text-sm text-fg-muted">
            {t("copiesAsSent")}
          </p>
        ) : null}
        {copiesInvalid ? (
          <p id={`${id}-copies-error`} className="text-sm text-danger-text">
            {t("copiesInvalid")}
          </p>
        ) : null}
      </div>
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className="mb-1">{t("sidesLegend")}</legend>
        <div className="flex flex-wrap gap-x-4">
          {sides.map((side) => (
            <label key={side.value} className="flex min-h-11 cursor-pointer items-center gap-3">
              <ChoiceBox
                type="radio"
                name={`${id}-sides`}
                value={side.value}
                checked={value.sides === side.value}
                onChange={() => onChange({ ...value, sides: side.value })}
              />
              <span>{side.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className={`flex min-h-11 items-center gap-3 ${asSent.mono ? "text-fg-muted" : "cursor-pointer"}`}>
        <ChoiceBox
          checked={value.mono}
          // Mono as sent: there is no colour to switch off.
          disabled={asSent.mono}
          onChange={(event) => onChange({ ...value, mono: event.target.checked })}
        />
        <span>{t("monoLabel")}</span>
      </label>
    </fieldset>
  );
}
