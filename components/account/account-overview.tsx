import { IntlScope } from "@/lib/i18n/intl-scope";
import { AccountPanels } from "./account-panels";

/** The home page's account overview, in the request's language. */
export function AccountOverview() {
  return (
    <IntlScope namespaces={["account"]}>
      <AccountPanels />
    </IntlScope>
  );
}
