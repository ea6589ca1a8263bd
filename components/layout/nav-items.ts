import type { IconName } from "@/components/icons/icon-names";
import type { Messages } from "@/lib/i18n/messages";

// The portal's sections. Add an entry when its route exists (Reports, later
// Jobs and Credit); header and phone bar both read this list. Labels live in
// the catalogues under "nav".
export interface NavItem {
  href: string;
  labelKey: Exclude<keyof Messages["nav"], "label">;
  icon: IconName;
}

export const navItems: NavItem[] = [
  { href: "/", labelKey: "home", icon: "home" },
  { href: "/jobs", labelKey: "jobs", icon: "printer" },
  { href: "/credit", labelKey: "credit", icon: "wallet" },
  { href: "/files", labelKey: "files", icon: "files" },
  { href: "/reports", labelKey: "reports", icon: "reports" },
  { href: "/profile", labelKey: "profile", icon: "user" },
];
