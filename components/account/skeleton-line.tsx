// Apart from panel-section.tsx: a page that only waits with grey lines (the
// Jobs page's "Release all" room) loads no panel with it.

/** A grey block standing in for text while it loads; sizes match the final text. */
export function SkeletonLine({ className }: { className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded-md bg-surface-muted motion-reduce:animate-none ${className}`}
    />
  );
}
