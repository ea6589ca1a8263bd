import { signOutHere } from "@/lib/auth/sign-out";
import { redirectNoStore } from "@/lib/auth/sign-on-routes";
import { isEmbedPath, withEmbed } from "@/lib/browser-safe/embed-mode";
import { signedOutStoreOut } from "@/lib/browser-safe/sign-in-path";
import { getEnv } from "@/lib/env";
import { readFormBody, returnPathOf } from "@/lib/http/plain-form";
import { publicRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// The user menu's "Sign out" posts here as a plain form (no script needed),
// and the browser is sent to the sign-in page, framed if the page was. A
// route, not a server action: an action's id changes with every build, so a
// page opened before an upgrade could no longer sign out (with scripts it
// showed the error page, without them nothing happened); this path stays.
// publicRoute refuses posts from other sites, and a post that is not the
// form (no returnTo) changes nothing. Without a session it only sends the
// browser on. With the state store out the browser is signed out all the
// same, and the sign-in page says that the rest follows once it is back.

export const POST = publicRoute({}, async ({ request }) => {
  const returnTo = returnPathOf(await readFormBody(request));
  const outcome = await signOutHere();
  const signedOut = withEmbed(
    `/sign-in?signedOut=${outcome === "store-out" ? signedOutStoreOut : "1"}`,
    isEmbedPath(returnTo),
  );
  return redirectNoStore(new URL(signedOut, getEnv().PORTAL_URL));
});
