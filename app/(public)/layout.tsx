import type { ReactNode } from "react";
import { IntlScope } from "@/components/providers/intl-scope";
import { signInPageTexts } from "@/components/sign-in/sign-in-texts";

// The sign-in page's client texts (its form, the frame cookie check); the
// portal's own pages do not carry them.
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <IntlScope namespaces={["embed"]} some={signInPageTexts}>
      {children}
    </IntlScope>
  );
}
