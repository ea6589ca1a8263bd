import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { BrowserPage } from "./page";

// What a person does again and again in the flows, in the words of the
// Playwright page objects (e2e/pages/sign-in-page.ts, home-page.ts).

export const alice = { pin: "112358", username: "alice", password: "wonderland", fullName: "Alice Liddell" };
export const bob = { pin: "314159", password: "canwefixit", fullName: "Bob Builder" };
export const carol = { username: "carol", password: "higherfurther", fullName: "Carol Danvers" };

/** Chooses a tab of the sign-in form (PIN, or user name and password). */
export async function chooseTab(page: BrowserPage, name: string): Promise<void> {
  const tab = page.getByRole("tab", { name });
  await tab.clickUntil(async () => (await tab.attribute("aria-selected")) === "true", "the tab is not chosen");
}

export async function signInWithPin(page: BrowserPage, pin: string, path = "/"): Promise<void> {
  await page.goto(path === "/" ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByRole("heading", { name: "Sign in" }).expectVisible();
  await chooseTab(page, "PIN");
  await page.getByLabel("PIN", { exact: true }).fill(pin);
  await page.getByRole("tabpanel").getByRole("button", { name: "Sign in" }).click();
  await page.waitForUrl((url) => url.pathname === path, path);
}

/**
 * Signs a person in from another browser, one the run only pretends to be
 * (its user agent), as the no-JavaScript form does; answers its cookies, to
 * make requests as that browser.
 */
export async function signInElsewhere(
  portalUrl: string,
  userAgent: string,
  username: string,
  password: string,
): Promise<string> {
  const answer = await postSignIn(portalUrl, userAgent, username, password);
  const cookies = answer.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (answer.status !== 303 || new URL(answer.headers.get("location") ?? "", portalUrl).pathname !== "/") {
    throw new Error(`signing in elsewhere answered ${answer.status} to ${answer.headers.get("location")}`);
  }
  return cookies.join("; ");
}

/** The sign-in form's post by user name and password, as a browser without JavaScript sends it. */
export function postSignIn(
  portalUrl: string,
  userAgent: string,
  username: string,
  password: string,
): Promise<Response> {
  return fetch(`${portalUrl}/api/auth/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: portalUrl,
      "user-agent": userAgent,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ method: "password", username, password, callbackUrl: "/" }),
  });
}

export async function expectGreeting(page: BrowserPage, fullName: string): Promise<void> {
  await page.getByRole("heading", { level: 1, name: `Hello, ${fullName}` }).expectVisible();
}

export async function signOut(page: BrowserPage, fullName: string): Promise<void> {
  // A menu item in the user menu; a plain button if the menu becomes a popover of buttons.
  const choices = [page.getByRole("menuitem", { name: "Sign out" }), page.getByRole("button", { name: "Sign out" })];
  let choice = choices[0];
  const shown = async () => {
    for (const candidate of choices) if ((await candidate.count()) > 0) return Boolean((choice = candidate));
    return false;
  };
  await page.getByRole("button", { name: fullName }).clickUntil(shown, 'no "Sign out" shows');
  await choice?.click();
  await page.waitForUrl((url) => url.pathname === "/sign-in", "/sign-in");
}

/** Waits for a finished download whose name matches (whole, nothing still being written) and answers its bytes. */
export async function downloaded(
  page: BrowserPage,
  dir: string,
  name: RegExp,
): Promise<{ file: string; bytes: Buffer }> {
  let file = "";
  let size = -1;
  await page.waitFor(
    async () => {
      const entries = readdirSync(dir);
      const found = entries.find((entry) => name.test(entry)) ?? "";
      const writing = entries.some((entry) => /\.(part|download)$/.test(entry));
      const now = found ? statSync(join(dir, found)).size : -1;
      const done = found !== "" && !writing && now > 0 && now === size && found === file;
      [file, size] = [found, now];
      return done;
    },
    () =>
      `no whole file like ${String(name)} in the download folder (it has: ${readdirSync(dir).join(", ") || "nothing"})`,
    30_000,
  );
  return { file, bytes: readFileSync(join(dir, file)) };
}
