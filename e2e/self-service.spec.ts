import { alice, bob, carol, expect, test as base } from "./fixtures";
import { ProfilePage } from "./pages/profile-page";
import { SignInPage } from "./pages/sign-in-page";
import { axeViolations } from "./support/axe";
import { requestsForEach } from "./support/preloaded-read";
import { ownStackTest, privateStackTest } from "./support/own-stack-test";
import { removePassword } from "./support/print-server-cli";
import { e2eAddressHeader } from "./support/stack-env";

// Self-service: a new PIN, the profile and the password. A test
// that changes a demo person (a PIN, an email) gets a print server and a
// portal of its own, so the shared print server's demo data stays as every
// other test expects it.

const test = base.extend<{ profilePage: ProfilePage }>({
  profilePage: async ({ page }, use) => {
    await use(new ProfilePage(page));
  },
});

const own = ownStackTest.extend<{ profilePage: ProfilePage }>({
  profilePage: async ({ page }, use) => {
    await use(new ProfilePage(page));
  },
});

own.describe("a new PIN", () => {
  own.setTimeout(120_000);

  own(
    "bob gets a new PIN, signs in with it, and his old PIN is refused",
    async ({ page, signInPage, homePage, profilePage }) => {
      await signInPage.signInWithPinTo("/", bob.pin);
      await profilePage.goto();
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/profile/pin");
      // bob has a password: it, not his PIN, proves it is him.
      const pin = await profilePage.getNewPin({ password: bob.password });
      expect(pin).not.toBe(bob.pin);
      expect((await answer).headers()["cache-control"]).toContain("no-store");
      await expect(profilePage.pinSection).toContainText("your old PIN no longer works");
      await profilePage.pinSection.getByRole("button", { name: "Copy PIN" }).isVisible();
      await profilePage.pinSection.getByRole("button", { name: "Done" }).click();
      await expect(profilePage.pinSection.getByTestId("new-pin")).toHaveCount(0);

      await homePage.signOut(bob.fullName);
      await signInPage.signInWithPin(bob.pin);
      await expect(signInPage.alert).toHaveText(/not recognised/);
      await signInPage.signInWithPin(pin);
      await homePage.expectGreeting(bob.fullName);
    },
  );

  own(
    "a PIN-only person: a wrong current PIN gets no new PIN and keeps what was typed; the right one with the browser check does",
    async ({ page, ownStack, signInPage, profilePage }) => {
      await removePassword("bob", ownStack.printServerData);
      await signInPage.signInWithPinTo("/", bob.pin);
      await profilePage.goto();
      await profilePage.pinSection.getByRole("button", { name: "Get a new PIN" }).click();
      await expect(profilePage.secretField("Password")).toHaveCount(0);
      const field = profilePage.secretField("Current PIN");
      await field.fill("000000");
      await profilePage.browserChecked();
      // The PIN field and the browser check, each with its visible label as its name.
      expect(await axeViolations(page)).toEqual([]);
      await profilePage.pinSection.getByRole("button", { name: "Confirm and get a new PIN" }).click();
      await expect(profilePage.pinSection).toContainText("That is not your current PIN");
      await expect(field).toHaveValue("000000");
      await expect(profilePage.pinSection.getByTestId("new-pin")).toHaveCount(0);

      // A fresh sign-in, the right PIN and a new browser check (a solution counts once).
      await field.fill(bob.pin);
      await profilePage.browserChecked();
      await profilePage.pinSection.getByRole("button", { name: "Confirm and get a new PIN" }).click();
      await expect(profilePage.pinSection.getByTestId("new-pin")).toHaveText(/^\d{6}$/);
    },
  );

  own("a person with a password gets no new PIN without the right password", async ({ signInPage, profilePage }) => {
    await signInPage.signInWithPinTo("/", bob.pin);
    await profilePage.goto();
    await profilePage.pinSection.getByRole("button", { name: "Get a new PIN" }).click();
    // Only the password is asked for: the PIN that signed in (perhaps guessed) is not enough.
    await expect(profilePage.secretField("Current PIN")).toHaveCount(0);
    const field = profilePage.secretField("Password");
    await field.fill("wonderland");
    await profilePage.pinSection.getByRole("button", { name: "Confirm and get a new PIN" }).click();
    await expect(profilePage.pinSection).toContainText("That is not your password");
    await expect(field).toHaveValue("wonderland");
    await expect(profilePage.pinSection.getByTestId("new-pin")).toHaveCount(0);
  });
});

// A sign-in counts as fresh for 8 seconds here, so a test can wait it out.
const shortFresh = privateStackTest({ portalEnv: { PORTAL_NEW_PIN_SIGN_IN_MAX_AGE: "8" } }).extend<{
  profilePage: ProfilePage;
}>({
  profilePage: async ({ page }, use) => {
    await use(new ProfilePage(page));
  },
});

shortFresh.setTimeout(150_000);

shortFresh(
  "a PIN-only person whose sign-in is older is told to sign in again, and after signing in is asked for the PIN",
  async ({ page, stack, signInPage, profilePage }) => {
    await removePassword("bob", stack.printServerData);
    await signInPage.signInWithPinTo("/", bob.pin);
    await page.waitForTimeout(9_000);
    await profilePage.goto();
    await profilePage.pinSection.getByRole("button", { name: "Get a new PIN" }).click();
    await expect(profilePage.pinSection).toContainText("Sign in again to get a new PIN");
    await expect(profilePage.secretField("Current PIN")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await profilePage.pinSection.getByRole("button", { name: "Sign out and sign in again" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await signInPage.signInWithPinTo("/profile", bob.pin);
    await profilePage.goto();
    await profilePage.pinSection.getByRole("button", { name: "Get a new PIN" }).click();
    await expect(profilePage.secretField("Current PIN")).toBeVisible();
    await expect(profilePage.pinSection).not.toContainText("Sign in again to get a new PIN");
  },
);

own.describe("the profile", () => {
  own.setTimeout(120_000);

  own("alice changes her email and sees it after a reload", async ({ page, signInPage, profilePage }) => {
    await signInPage.signInWithPinTo("/", alice.pin);
    await profilePage.goto();
    await expect(profilePage.email).toHaveValue("alice@example.com");
    await profilePage.email.fill("alice@");
    await profilePage.saveDetails();
    await expect(profilePage.details.getByText("Enter an email address such as name@example.com.")).toBeVisible();
    await expect(profilePage.email).toHaveValue("alice@");

    await profilePage.email.fill("alice.liddell@example.org");
    await profilePage.saveDetails();
    await expect(profilePage.details.getByRole("status")).toHaveText("Your details are saved.");
    await page.reload();
    await expect(profilePage.email).toHaveValue("alice.liddell@example.org");
  });

  own(
    "a new language switches the whole portal at once, stays after a reload and is the profile's on another device",
    async ({ page, browser, signInPage, profilePage, ownStack, clientAddress }) => {
      await signInPage.signInWithPinTo("/", alice.pin);
      await profilePage.goto();
      await profilePage.details.getByLabel("Language").selectOption({ label: "Deutsch" });
      await profilePage.saveDetails();
      // Server-rendered and client parts alike: the heading, the page's language, the navigation, the confirmation.
      await expect(page.getByRole("heading", { level: 1, name: "Profil und PIN" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page.getByRole("link", { name: "Aufträge" }).first()).toBeVisible();
      await expect(page.getByRole("region", { name: "Ihre Angaben", exact: true }).getByRole("status")).toHaveText(
        "Ihre Angaben sind gespeichert.",
      );
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Profil und PIN" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Ihre Angaben", exact: true }).getByLabel("Sprache")).toHaveValue(
        "de",
      );

      // Another browser, English and without this one's choice: the print server's profile decides.
      const other = await browser.newContext({
        baseURL: ownStack.portalUrl,
        locale: "en-GB",
        extraHTTPHeaders: { [e2eAddressHeader]: clientAddress },
      });
      try {
        const otherPage = await other.newPage();
        await otherPage.goto("/sign-in");
        await new SignInPage(otherPage).signInWithPin(alice.pin);
        await expect(otherPage.locator("html")).toHaveAttribute("lang", "de");
      } finally {
        await other.close();
      }
    },
  );
});

test.describe("the password", () => {
  test("carol is told her password is managed elsewhere", async ({ page, signInPage, profilePage }) => {
    await signInPage.goto();
    await signInPage.signInWithPassword(carol.username, carol.password);
    await page.waitForURL((url) => url.pathname === "/");
    await profilePage.goto();
    await expect(profilePage.passwordSection).toContainText("cannot be changed here");
    await expect(profilePage.passwordSection.getByLabel("Current password", { exact: true })).toHaveCount(0);
  });

  test("alice sees the server's rules before typing, and a wrong current password is said beside it", async ({
    signInPage,
    profilePage,
  }) => {
    await signInPage.signInWithPinTo("/", alice.pin);
    await profilePage.goto();
    const section = profilePage.passwordSection;
    await expect(section).toContainText("8 to 128 characters");
    await expect(section).toContainText("at least one digit");
    await section.locator("input").nth(0).fill("not-her-password");
    await section.locator("input").nth(1).fill("newpassword1");
    await section.locator("input").nth(2).fill("newpassword1");
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(section).toContainText("Your current password is not right");
    await expect(section.locator("input").nth(1)).toHaveValue("newpassword1");
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`the profile page has no axe violations in the ${theme} theme, with the PIN form open`, async ({
    page,
    signInPage,
    profilePage,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signInPage.signInWithPinTo("/", alice.pin);
    await profilePage.goto();
    await expect(profilePage.email).toHaveValue("alice@example.com");
    expect(await axeViolations(page)).toEqual([]);
    await profilePage.pinSection.getByRole("button", { name: "Get a new PIN" }).click();
    await profilePage.details.getByLabel("Email").fill("alice@");
    await profilePage.saveDetails();
    await expect(profilePage.details.getByText("Enter an email address such as name@example.com.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("the profile page fits a 360 px phone and works framed", async ({ page, signInPage, profilePage }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signInPage.signInWithPinTo("/", alice.pin);
  await profilePage.goto("?embed=1");
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(profilePage.email).toHaveValue("alice@example.com");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the browser reads the details and the settings alongside the page's scripts, and once each", async ({
  page,
  signInPage,
  profilePage,
}) => {
  await signInPage.signInWithPinTo("/", alice.pin);
  const requests = await requestsForEach(page, ["/api/me", "/api/profile/settings"], async () => {
    await profilePage.goto();
    await expect(profilePage.email).toHaveValue("alice@example.com");
    await expect(profilePage.passwordSection).toContainText("8 to 128 characters");
  });
  // One request each, the head's preloads: the sections' fetch() took their answers.
  expect(requests).toEqual({ "/api/me": ["other"], "/api/profile/settings": ["other"] });
});

test("the profile page is usable with the keyboard alone", async ({ page, signInPage, profilePage }) => {
  await signInPage.signInWithPinTo("/", alice.pin);
  await profilePage.goto();
  await expect(profilePage.email).toHaveValue("alice@example.com");
  await profilePage.email.focus();
  await page.keyboard.press("Tab");
  await expect(profilePage.details.getByLabel("Language")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(profilePage.details.getByRole("button", { name: "Save details" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(profilePage.pinSection.getByRole("button", { name: "Get a new PIN" })).toBeFocused();
  await page.keyboard.press("Enter");
  // The button makes way for its form: the focus goes to the form's heading, and Tab goes on into the form.
  await expect(profilePage.pinSection.getByRole("heading", { name: "Confirm it is you" })).toBeFocused();
  await page.keyboard.press("Tab");
  // alice has a password: it is the proof asked for.
  await expect(profilePage.pinSection.getByLabel("Password", { exact: true })).toBeFocused();
});
