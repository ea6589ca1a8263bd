import { FileText, House, Printer, UserRound, Wallet, type LucideIcon } from "lucide-react";
import type { Messages } from "@/lib/i18n/messages";

// The portal's sections. Add an entry when its route exists (Reports, later
// Jobs and Credit); header and phone bar both read this list. Labels live in
// the catalogues under "nav".
export interface NavItem {
  href: string;
  labelKey: Exclude<keyof Messages["nav"], "label">;
  icon: LucideIcon;
}

export const navItems: NavItem[] = [
  { href: "/", labelKey: "home", icon: House },
  { href: "/jobs", labelKey: "jobs", icon: Printer },
  { href: "/credit", labelKey: "credit", icon: Wallet },
  { href: "/reports", labelKey: "reports", icon: FileText },
  { href: "/profile", labelKey: "profile", icon: UserRound },
];
