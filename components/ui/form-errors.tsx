"use client";

import { useState } from "react";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { PortalError } from "@/lib/browser-safe/errors";
import { Alert } from "./alert";

// The forms' one way with errors: each beside its own field (the form's check
// before sending, or the field a refusal names), anything else once above the
// form. A refusal that names a field the form does not show goes above too,
// so no error is lost; typed input is never cleared by an error.

export interface FormErrors<Field extends string> {
  fieldErrors: Partial<Record<Field, string>>;
  /** The form's own check: what it found, or `{}` before sending. */
  setFieldErrors: (errors: Partial<Record<Field, string>>) => void;
  /** A refused send: the field it names, when this form shows it, gets the sentence. */
  refused: (error: unknown) => void;
  /** What to say above the form: the error, unless it is shown beside a field. */
  failureOf: (error: unknown) => unknown;
}

export function useFormErrors<Field extends string>(fields: readonly Field[]): FormErrors<Field> {
  const sentence = useErrorSentence();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const fieldOf = (error: unknown): Field | undefined =>
    error instanceof PortalError && fields.some((field) => field === error.field) ? (error.field as Field) : undefined;
  return {
    fieldErrors,
    setFieldErrors,
    refused: (error) => {
      const field = fieldOf(error);
      if (field) setFieldErrors({ [field]: sentence(error) } as Partial<Record<Field, string>>);
    },
    failureOf: (error) => (error && !fieldOf(error) ? error : null),
  };
}

/** A failed send, above the form: what failed (`lead`), then why. */
export function FormFailure({ error, lead }: { error: unknown; lead: string }) {
  const sentence = useErrorSentence();
  if (!error) return null;
  return (
    <Alert>
      {lead} {sentence(error)}
    </Alert>
  );
}
