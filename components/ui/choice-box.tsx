import type { ComponentProps } from "react";
import { Icon } from "@/components/icons/icon-provider";

/**
 * A checkbox or radio drawn the portal's way: the native input stays for
 * keyboards, screen readers and clicks (transparent, over the box), the box
 * shows its state and focus. Put it inside the <label> that names it, so
 * the whole label is the 44 px target.
 */
export function ChoiceBox({ type = "checkbox", ...props }: ComponentProps<"input">) {
  const shape = type === "radio" ? "rounded-full" : "rounded-md";
  return (
    <span className="relative inline-flex size-6 shrink-0">
      <input type={type} className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0" {...props} />
      <span
        aria-hidden="true"
        className={`inline-flex size-6 items-center justify-center border-2 border-field-border bg-surface text-on-accent peer-checked:border-accent peer-checked:bg-accent peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-disabled:opacity-40 [&>span]:invisible peer-checked:[&>span]:visible ${shape}`}
      >
        <Icon name="check" className="size-4" />
      </span>
    </span>
  );
}
