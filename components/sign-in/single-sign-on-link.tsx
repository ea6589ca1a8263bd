import { SvgIcon } from "@/components/icons/svg-icon";
import { buttonClasses } from "@/components/ui/button";

interface SingleSignOnLinkProps {
  href: string;
  label: string;
  /** Says where the link leads (and, framed, that it opens a new tab). */
  hint: string;
  /**
   * In another site's frame: sign-in pages refuse to be framed (the print
   * server's sends frame-ancestors 'none'), so the flow runs and finishes in
   * a new tab.
   */
  newTab: boolean;
}

/** "Single sign-on": a link to the print server's own sign-in page (through /api/auth/sign-on). */
export function SingleSignOnLink({ href, label, hint, newTab }: SingleSignOnLinkProps) {
  return (
    <div className="flex flex-col gap-2">
      <a
        href={href}
        className={buttonClasses("secondary", "w-full")}
        {...(newTab ? { target: "_blank", rel: "noopener" } : {})}
      >
        {label}
        {newTab ? <SvgIcon name="externalLink" className="size-4" /> : null}
      </a>
      <p className="text-sm text-fg-muted">{hint}</p>
    </div>
  );
}
