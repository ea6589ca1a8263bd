"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import type { PrinterView } from "@/app/api/printers/schema";
import { Alert } from "@/components/ui/alert";
import { ChoiceBox } from "@/components/ui/choice-box";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import type { Printers } from "@/hooks/use-jobs";

/** At most this many printers are listed at once; the search narrows them. */
const shownAtOnce = 8;

/** Each reason a printer cannot print, by its text's key. */
const problemKeys = { offline: "printerOffline", problem: "printerProblem", disabled: "printerDisabled" } as const;

export function usePrinterProblemText(): (printer: PrinterView) => string | null {
  const t = useTranslations("jobs");
  return (printer) => (printer.problem ? t(problemKeys[printer.problem]) : null);
}

/** Focuses an element as it comes, which brings it into view (clear of the bars below by its scroll margin). */
function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}

interface PrinterPickerProps {
  value: number | null;
  onChange: (printerId: number) => void;
  /** Shown first: the printer used last in this browser. */
  lastUsed: number | null;
  /** The printers, read by the board. */
  printers: Printers;
  /**
   * How often Release was pressed without a printer that can print since the
   * last choice: each time "Choose a printer first." shows here and takes the
   * focus, which brings it into view (Release may be far down the page).
   */
  asked: number;
}

/**
 * A searchable choice of printer (name or location). A printer that cannot
 * print is listed with why, and cannot be chosen.
 */
export function PrinterPicker({ value, onChange, lastUsed, printers, asked }: PrinterPickerProps) {
  const t = useTranslations("jobs");
  const id = useId();
  const [search, setSearch] = useState("");
  const sentence = useErrorSentence();
  const problemText = usePrinterProblemText();

  const shown = useMemo(() => {
    const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
    const all = printers.data?.printers ?? [];
    const matching = all.filter((printer) => {
      const text = `${printer.name} ${printer.location ?? ""}`.toLocaleLowerCase();
      return words.every((word) => text.includes(word));
    });
    const ordered = [...matching].sort((a, b) => Number(b.id === lastUsed) - Number(a.id === lastUsed));
    const top = ordered.slice(0, shownAtOnce);
    // The chosen printer stays in view while the search narrows the rest.
    const chosen = all.find((printer) => printer.id === value);
    return chosen && !top.includes(chosen) ? [chosen, ...top] : top;
  }, [printers.data, search, lastUsed, value]);

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 font-semibold">{t("printerLabel")}</legend>
      {asked ? (
        // A new element for each time asked (its key), which takes the focus as it comes.
        <div key={asked} ref={focusOnMount} tabIndex={-1} className="scroll-mb-80">
          <Alert>{t("choosePrinter")}</Alert>
        </div>
      ) : null}
      {printers.error ? (
        <Alert>{sentence(printers.error, t("printersFailed"))}</Alert>
      ) : (
        <>
          <label htmlFor={`${id}-search`} className="text-sm text-fg-muted">
            {t("printerSearch")}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="min-h-11 w-full rounded-lg border border-field-border bg-surface px-3 text-base text-fg"
          />
          {printers.isPending ? (
            <p aria-busy="true" className="text-fg-muted">
              {t("loading")}
            </p>
          ) : shown.length === 0 ? (
            <p className="text-fg-muted">{t("noPrinterMatch")}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {shown.map((printer) => {
                const problem = problemText(printer);
                return (
                  <li key={printer.id}>
                    <label
                      className={`flex min-h-11 items-center gap-3 rounded-lg px-2 ${problem ? "text-fg-muted" : "cursor-pointer hover:bg-surface-muted"}`}
                    >
                      <ChoiceBox
                        type="radio"
                        name={`${id}-printer`}
                        value={printer.id}
                        checked={value === printer.id}
                        disabled={problem !== null}
                        onChange={() => onChange(printer.id)}
                      />
                      <span className="min-w-0 break-words">
                        {printer.name}
                        {printer.location ? `, ${printer.location}` : ""}
                        {problem ? ` (${problem})` : ""}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}
