"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button, buttonClasses } from "@/components/ui/button";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Fields to fill in before confirming (under the description, not part of it). */
  fields?: ReactNode;
  confirmLabel: string;
  /** Unavailable while the action runs, so a second tap sends nothing. */
  busy: boolean;
  /** Unavailable while what the dialog asks for is not valid (the reason is shown in it). */
  invalid?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The id of what takes the focus when what opened the dialog is gone once it closes (the selection's bar after a release). */
  focusAfter: string;
}

/**
 * Asks before something that prints or deletes; Cancel has the focus first.
 * The browser's own modal <dialog>: it keeps focus inside, makes the page
 * behind inert, closes on Escape (as Cancel) and gives focus back to where it
 * was, without a dialog library in the page's scripts. Where that is gone,
 * `focusAfter` has it rather than the top of the page.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  fields,
  confirmLabel,
  busy,
  invalid = false,
  onConfirm,
  onCancel,
  focusAfter,
}: ConfirmDialogProps) {
  const t = useTranslations("jobs");
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // Cancel first, even when there are fields above it (showModal would pick the first field).
      cancel.current?.focus();
    }
    if (!open && element.open) {
      element.close();
      if (document.activeElement === document.body) document.getElementById(focusAfter)?.focus();
    }
  }, [open, focusAfter]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the parent decides (it closes the dialog through `open`).
        event.preventDefault();
        onCancel();
      }}
      className="m-auto max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] flex-col gap-4 overflow-y-auto rounded-card border border-border bg-surface p-6 text-fg shadow-lg backdrop:bg-black/50 open:flex"
    >
      {/* Rendered only while open, so what was typed into its fields starts afresh each time. */}
      {open ? (
        <>
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          <div id={descriptionId} className="flex flex-col gap-2">
            {children}
          </div>
          {fields}
          <div className="flex flex-wrap justify-end gap-3">
            <button ref={cancel} type="button" className={buttonClasses("secondary")} onClick={onCancel}>
              {t("cancel")}
            </button>
            <Button type="button" aria-disabled={busy || invalid} aria-busy={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
