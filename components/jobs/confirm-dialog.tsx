"use client";

import { AlertDialog } from "radix-ui";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Fields to fill in before confirming (under the description, not part of it). */
  fields?: ReactNode;
  confirmLabel: string;
  /** Disabled while the action runs, so a second tap sends nothing. */
  busy: boolean;
  /** Disabled while what the dialog asks for is not valid (the reason is shown in it). */
  invalid?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that prints or deletes; Cancel has the focus first. */
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
}: ConfirmDialogProps) {
  const t = useTranslations("jobs");
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-30 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-40 flex max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card border border-border bg-surface p-6 text-fg shadow-lg">
          <AlertDialog.Title className="text-xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="flex flex-col gap-2">{children}</div>
          </AlertDialog.Description>
          {fields}
          <div className="flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses("secondary")}>{t("cancel")}</AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClasses("primary")}
              disabled={busy || invalid}
              aria-busy={busy}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
