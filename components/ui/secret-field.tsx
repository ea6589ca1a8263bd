"use client";

import { useId, useState, type InputHTMLAttributes } from "react";
import { Icon } from "@/components/icons/icon-provider";

interface SecretFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> {
  label: string;
  /** The show/hide button's name, e.g. "Show PIN" (it never changes; aria-pressed tells the state). */
  showLabel: string;
  error?: string;
  large?: boolean;
}

/**
 * A masked input with a show/hide control, for a PIN or a password, with the
 * icons of the page's icon scope ("show", "hide"), so a page that uses it
 * carries no icon code.
 */
export function SecretField({ label, showLabel, error, large = false, className = "", ...input }: SecretFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-base font-medium">
        {label}
      </label>
      {/* On a narrow screen the show/hide control moves under the field, so
          the field keeps room for a whole PIN. */}
      <div className="flex flex-wrap items-stretch gap-2">
        <input
          id={id}
          type={visible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`min-h-11 min-w-0 grow basis-40 rounded-lg border bg-surface px-3 text-fg ${
            large ? "py-3 text-2xl tracking-[0.3em]" : "py-2 text-base"
          } ${error ? "border-danger-text" : "border-field-border"} ${className}`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          // A fixed name with a pressed state, so the control's name never changes.
          aria-pressed={visible}
          aria-controls={id}
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg border border-border bg-surface px-3 text-sm font-medium text-fg hover:bg-surface-muted"
        >
          <Icon name={visible ? "hide" : "show"} className="size-5" />
          {showLabel}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
