import { SkeletonLine } from "./skeleton-line";

/**
 * A form's place while what it needs loads, about as tall as the form
 * (`fields` labelled inputs and a button), so nothing below it jumps
 * under the person's finger. `loading` is
 * said to screen readers.
 */
export interface FormShape {
  fields: number;
  /**
   * The hints of the last fields, in order, written as the form writes
   * them: they need no data, and a grey block could not know how many lines
   * they take on a phone in each language.
   */
  hints?: string[];
}

export function FormSkeleton({ fields, hints = [], loading }: FormShape & { loading: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="sr-only">{loading}</p>
      {Array.from({ length: fields }, (_, field) => {
        const hint = hints[field - (fields - hints.length)];
        return (
          <div key={field} className="flex flex-col gap-1.5">
            <SkeletonLine className="h-6 w-32" />
            {hint === undefined ? null : (
              <p aria-hidden="true" className="text-sm text-fg-muted">
                {hint}
              </p>
            )}
            <SkeletonLine className="h-11 w-full max-w-md" />
          </div>
        );
      })}
      <SkeletonLine className="h-11 w-36" />
    </div>
  );
}
