import { SkeletonLine } from "./panel-section";

/**
 * A form's place while what it needs loads, about as tall as the form
 * (`fields` labelled inputs, the last `hinted` of them with a line of hint,
 * and a button), so nothing below it jumps (a layout shift costs Lighthouse
 * points on a phone; issue 14). `loading` is said to screen readers.
 */
export interface FormShape {
  fields: number;
  hinted?: number;
}

export function FormSkeleton({ fields, hinted = 0, loading }: FormShape & { loading: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="sr-only">{loading}</p>
      {Array.from({ length: fields }, (_, field) => (
        <div key={field} className="flex flex-col gap-1.5">
          <SkeletonLine className="h-6 w-32" />
          {field >= fields - hinted ? <SkeletonLine className="h-5 w-full max-w-sm" /> : null}
          <SkeletonLine className="h-11 w-full max-w-md" />
        </div>
      ))}
      <SkeletonLine className="h-11 w-36" />
    </div>
  );
}
