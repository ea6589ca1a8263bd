import { SkeletonLine } from "@/components/account/skeleton-line";

/**
 * The room "Release all" (release-all-panel.tsx) takes, kept while its code
 * and the printer are read: a printer's label page is opened on a phone at
 * the printer, and the lists below jumped 200 px down under the person's
 * finger when the panel came. Its heading's, summary's and button's heights.
 */
export function ReleaseAllRoom() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <SkeletonLine className="h-7 w-1/2" />
      <span className="block h-6" />
      <SkeletonLine className="h-14 w-full sm:w-64" />
    </div>
  );
}
