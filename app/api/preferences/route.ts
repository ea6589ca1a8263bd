import { redirectNoStore } from "@/lib/auth/sign-on-routes";
import { getEnv } from "@/lib/env";
import { readFormBody, returnPathOf } from "@/lib/http/plain-form";
import { publicRoute } from "@/lib/http/route";
import { chooseLanguage } from "@/lib/i18n/choose-language";
import { chooseTheme } from "@/lib/theme/choose-theme";

export const dynamic = "force-dynamic";

// The language and theme switches (the user menu, the sign-in page) post here
// as plain forms: `locale` or `theme`, and `returnTo`, the page they are on.
// The choice is remembered in a cookie and the browser is sent back to that
// page, which then shows in the new language or theme. A route, not a server
// action: an action's id changes with every build, so a page opened before an
// upgrade could no longer switch (with scripts it showed the error page,
// without them nothing happened); this path stays. With a script, the user
// menu and the sign-in page send the same form in the background and render
// the page again in place (lib/browser-safe/send-preference.ts). A value that
// is not a choice is ignored;
// `returnTo` outside the portal goes home, a post without it changes nothing.

export const POST = publicRoute({}, async ({ request }) => {
  const form = await readFormBody(request);
  const returnTo = returnPathOf(form);
  if (form.has("locale")) await chooseLanguage(form.get("locale"));
  if (form.has("theme")) await chooseTheme(form.get("theme"));
  return redirectNoStore(new URL(returnTo, getEnv().PORTAL_URL));
});
