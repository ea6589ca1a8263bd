import { alice, bob, carol, expect, test as base } from "./fixtures";
import { ProfilePage } from "./pages/profile-page";
import { SignInPage } from "./pages/sign-in-page";
import { axeViolations } from "./support/axe";
import { requestsForEach } from "./support/preloaded-read";
import { ownStackTest } from "./support/own-stack-test";
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
      const pin = await profilePage.getNewPin(bob.pin);
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

  own("a wrong current PIN gets no new PIN and keeps what was typed", async ({ signInPage, profilePage }) => {
    await signInPage.signInWithPinTo("/", bob.pin);
    await profilePage.goto();
    await profilePage.pinSection.getByRole("button", { name: "Get a new PIN" }).click();
    const field = profilePage.pinSection.locator("input[type=password]");
    await field.fill("000000");
    await profilePage.pinSection.getByRole("button", { name: "Confirm and get a new PIN" }).click();
    await expect(profilePage.pinSection).toContainText("That is not your current PIN");
    await expect(field).toHaveValue("000000");
    await expect(profilePage.pinSection.getByTestId("new-pin")).toHaveCount(0);
  });
});

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
  await expect(profilePage.pinSection.getByRole("radio", { name: "My PIN" })).toBeFocused();
});
