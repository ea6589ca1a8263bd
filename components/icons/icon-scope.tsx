import "server-only";
import {
  Check,
  CircleAlert,
  CircleCheck,
  Clock,
  Copy,
  Download,
  Info,
  LoaderCircle,
  Play,
  Printer,
  RefreshCw,
  RotateCw,
  Star,
  Trash2,
  X,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import type { IconName } from "./icon-names";
import { IconProvider } from "./icon-provider";

// The tick of a checkbox is drawn bolder, to read at its small size.
const bold = { check: 3 } as Partial<Record<IconName, number>>;

const icons: Record<IconName, LucideIcon> = {
  alert: CircleAlert,
  info: Info,
  check: Check,
  ready: CircleCheck,
  close: X,
  clock: Clock,
  spinner: LoaderCircle,
  play: Play,
  download: Download,
  retry: RotateCw,
  refresh: RefreshCw,
  printer: Printer,
  delete: Trash2,
  star: Star,
  copy: Copy,
};

/**
 * Gives the client components below it the icons they show, rendered here:
 * only these travel to the browser, as markup in the page's payload, and the
 * icon set's code stays on the server.
 */
export function IconScope({ names, children }: { names: readonly IconName[]; children: ReactNode }) {
  const rendered = Object.fromEntries(
    names.map((name) => {
      const Svg = icons[name];
      return [name, <Svg key={name} className="size-full" strokeWidth={bold[name] ?? 2} />];
    }),
  );
  return <IconProvider icons={rendered}>{children}</IconProvider>;
}
