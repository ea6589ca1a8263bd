import { FileText, House, type LucideIcon } from "lucide-react";

// The portal's sections. Add an entry when its route exists (Reports, later
// Jobs and Credit); header and phone bar both read this list.
export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

export const navItems: NavItem[] = [
  { href: "/", label: "Home", icon: House },
  { href: "/reports", label: "Reports", icon: FileText },
];
