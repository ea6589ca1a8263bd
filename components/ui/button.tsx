import type { ComponentProps } from "react";

type Variant = "primary" | "secondary" | "ghost";

const variants: Record<Variant, string> = {
  primary: "bg-accent text-on-accent hover:bg-accent-hover disabled:opacity-70 aria-disabled:opacity-70",
  secondary: "border border-border bg-surface text-fg hover:bg-surface-muted",
  ghost: "text-fg hover:bg-surface-muted",
};

export function buttonClasses(variant: Variant = "primary", extra = ""): string {
  // 44 px minimum target, as the phone layout requires; never squeezed
  // narrower than its label in a flex row (the row should wrap instead).
  return `inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-lg px-4 text-center text-base font-semibold transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed ${variants[variant]} ${extra}`;
}

/**
 * A button. One that is only busy, or has nothing to do for now, is marked
 * `aria-disabled` rather than `disabled`: it keeps the focus of whoever
 * pressed it (a disabled one drops it to the top of the page), is read as
 * unavailable, and its presses do nothing, a form's submit included.
 */
export function Button({
  variant = "primary",
  className = "",
  onClick,
  ...props
}: ComponentProps<"button"> & { variant?: Variant }) {
  const unavailable = props["aria-disabled"] === true || props["aria-disabled"] === "true";
  return (
    <button
      className={buttonClasses(variant, className)}
      onClick={unavailable ? (event) => event.preventDefault() : onClick}
      {...props}
    />
  );
}
