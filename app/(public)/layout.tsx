import type { ReactNode } from "react";
import { IntlScope } from "@/components/providers/intl-scope";

// The sign-in page's client texts (its form, the frame cookie check); the
// portal's own pages do not carry them.
export default function PublicLayout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["signIn", "embed"]}>{children}</IntlScope>;
}
