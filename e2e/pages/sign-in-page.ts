import { expect, type Locator, type Page } from "@playwright/test";
import { signInRoute } from "../../lib/browser-safe/form-routes";

export class SignInPage {
  readonly alert: Locator;
  readonly pinTab: Locator;
  readonly passwordTab: Locator;
  readonly pin: Locator;
  readonly username: Locator;
  readonly password: Locator;
  /** The proof-of-work challenge's checkbox (components/challenge/), after repeated failures. */
  readonly challenge: Locator;

  constructor(readonly page: Page) {
    // Inside main: Next.js keeps its own (empty) route announcer alert outside.
    this.alert = page.getByRole("main").getByRole("alert");
    this.pinTab = page.getByRole("tab", { name: "PIN" });
    this.passwordTab = page.getByRole("tab", { name: "User name and password" });
    // The tab panels are labelled by their tabs too; look for the inputs only.
    const input = page.locator("input");
    this.pin = input.and(page.getByLabel("PIN", { exact: true }));
    this.username = input.and(page.getByLabel("User name", { exact: true }));
    this.password = input.and(page.getByLabel("Password", { exact: true }));
    // Its label says how far the check is ("Check this browser", then "Browser checked").
    this.challenge = page.getByRole("tabpanel").getByRole("checkbox");
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/sign-in${query}`);
    await expect(this.page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  }

  /** Opens the sign-in page for `path`, signs in by PIN and waits until `path` has opened. */
  async signInWithPinTo(path: string, pin: string): Promise<void> {
    await this.goto(path === "/" ? "" : `?callbackUrl=${encodeURIComponent(path)}`);
    await this.signInWithPin(pin);
    await this.page.waitForURL((url) => url.pathname === path);
  }

  /** Signs in by PIN; with `username` too where the PIN form asks for it (outside PORTAL_PIN_ALONE_NETWORKS). */
  async signInWithPin(pin: string, username?: string): Promise<void> {
    await this.pinTab.click();
    if (username !== undefined) await this.username.fill(username);
    await this.pin.fill(pin);
    await this.submit();
  }

  async signInWithPassword(username: string, password: string): Promise<void> {
    await this.passwordTab.click();
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit();
  }

  /**
   * Submits and waits for the sign-in request's answer and, after a refusal,
   * for the form to be ready again. Without the waits, a loop of attempts
   * could type into the form before the page has handled the previous answer,
   * which empties the PIN or password.
   */
  async submit(): Promise<void> {
    const answered = this.page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === signInRoute,
    );
    const button = this.page.getByRole("tabpanel").getByRole("button", { name: "Sign in" });
    await button.click();
    if (!(await answered).ok()) await expect(button).toBeEnabled();
  }
}
