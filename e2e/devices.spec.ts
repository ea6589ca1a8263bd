import type { Browser } from "@playwright/test";
import { alice, bob, expect, test } from "./fixtures";
import { DevicesPage } from "./pages/devices-page";
import { HomePage } from "./pages/home-page";
import { PrintServerSignInPage } from "./pages/print-server-sign-in-page";
import { sidewaysOverflow } from "./pages/phone-layout";
import { SignInPage } from "./pages/sign-in-page";
import { axeViolations } from "./support/axe";
import { privateStackTest } from "./support/own-stack-test";
import { e2eAddressHeader, stack } from "./support/stack-env";

// "Devices and sign-ins": bob sees where he is signed in and signs another
// browser out; his refused attempts show with the browser they came from, and
// alice's list shows a password tried against one of her aliases.
// Each browser has an address of its own (the trusted proxy header), which
// tells his sessions apart from those other tests open for him meanwhile.

const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

function otherAddress(): string {
  return `10.63.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
}

/** A second browser of bob's: Firefox on Windows, from an address of its own. */
async function firefoxBrowser(browser: Browser, baseURL: string | undefined, address: string) {
  return browser.newContext({
    baseURL,
    userAgent: firefoxOnWindows,
    extraHTTPHeaders: { [e2eAddressHeader]: address },
  });
}

/** A wrong password for `username` from Firefox on Windows at an address of its own; answers that address. */
async function wrongPasswordFromElsewhere(browser: Browser, baseURL: string | undefined, username: string) {
  const address = otherAddress();
  const other = await firefoxBrowser(browser, baseURL, address);
  try {
    const otherSignIn = new SignInPage(await other.newPage());
    await otherSignIn.goto();
    await otherSignIn.signInWithPassword(username, "not-the-password");
    await expect(otherSignIn.alert).toBeVisible();
  } finally {
    await other.close();
  }
  return address;
}

/** The Devices page lists one refused password sign-in from `address`, with its browser. */
async function expectOneRefusedPassword(devices: DevicesPage, address: string) {
  await expect(devices.heading).toBeVisible();
  const refused = devices.attemptsFrom(address);
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText("Refused: the user name, PIN or password was wrong");
  await expect(refused).toContainText("How: User name and password · Firefox on Windows");
}

test("bob sees both his browsers, signs the other out, and its next click lands on sign-in", async ({
  page,
  browser,
  baseURL,
  clientAddress,
  signInPage,
  homePage,
}) => {
  await signInPage.signInWithPinTo("/", bob.pin);
  await homePage.expectGreeting(bob.fullName);

  const address = otherAddress();
  const other = await firefoxBrowser(browser, baseURL, address);
  try {
    const otherPage = await other.newPage();
    await new SignInPage(otherPage).signInWithPinTo("/", bob.pin);
    const otherHome = new HomePage(otherPage);
    await otherHome.expectGreeting(bob.fullName);
    await otherHome.expectHydrated();

    const devices = new DevicesPage(page);
    await devices.openFromUserMenu(bob.fullName);
    const mine = devices.session(clientAddress);
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText("This device");
    await expect(mine.getByRole("button")).toHaveCount(0);
    const theirs = devices.session(address);
    await expect(theirs.getByRole("heading", { level: 3 })).toHaveText("Firefox on Windows");
    await expect(theirs).not.toContainText("This device");
    await expect(theirs).toContainText("Last active:");

    // By keyboard; the focus then goes to the list's heading, as the button is gone with its card.
    await theirs.getByRole("button", { name: "Sign out Firefox on Windows" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Firefox on Windows is signed out." })).toBeVisible();
    await expect(theirs).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Signed in now" })).toBeFocused();
    await expect(mine).toHaveCount(1);

    await otherPage.getByRole("link", { name: "Profile" }).first().click();
    await otherPage.waitForURL((url) => url.pathname === "/sign-in");
  } finally {
    await other.close();
  }
});

test("a refused password appears in bob's sign-in attempts with the browser's name", async ({
  browser,
  baseURL,
  page,
  clientAddress,
  signInPage,
}) => {
  const address = await wrongPasswordFromElsewhere(browser, baseURL, bob.username);
  await signInPage.signInWithPinTo("/devices", bob.pin);
  const devices = new DevicesPage(page);
  await expectOneRefusedPassword(devices, address);
  const mine = devices.attemptsFrom(clientAddress);
  await expect(mine.first()).toContainText("Signed in");
  await expect(mine.first()).toContainText("How: PIN");
});

test("a refused password typed with alice's alias appears in her sign-in attempts", async ({
  browser,
  baseURL,
  page,
  signInPage,
}) => {
  // One of alice's aliases in the demo data, in another letter case.
  const address = await wrongPasswordFromElsewhere(browser, baseURL, "A.Liddell");
  await signInPage.signInWithPinTo("/devices", alice.pin);
  await expectOneRefusedPassword(new DevicesPage(page), address);
});

test("a single sign-on shows as this device and as an attempt by single sign-on", async ({ page, clientAddress }) => {
  await page.goto("/devices");
  await page.getByRole("link", { name: "Single sign-on" }).click();
  const printServerPage = new PrintServerSignInPage(page);
  await printServerPage.expectShown(stack.signInPageUrl());
  await printServerPage.signInWithPin(bob.username, bob.pin);
  const devices = new DevicesPage(page);
  await expect(devices.heading).toBeVisible();
  await expect(devices.session(clientAddress)).toContainText("This device");
  await expect(devices.attemptsFrom(clientAddress).first()).toContainText("How: Single sign-on");
});

// Signing out everywhere else would end the sessions other tests open for bob
// meanwhile: a print server and a portal of its own.
const ownStackTest = privateStackTest();

ownStackTest(
  '"Sign out everywhere else" ends bob\'s other browsers and keeps this one',
  async ({ page, browser, baseURL, clientAddress, signInPage }) => {
    test.setTimeout(120_000);
    const others = await Promise.all(
      [otherAddress(), otherAddress()].map((address) => firefoxBrowser(browser, baseURL, address)),
    );
    try {
      const otherPages = await Promise.all(others.map((context) => context.newPage()));
      for (const otherPage of otherPages) await new SignInPage(otherPage).signInWithPinTo("/", bob.pin);

      await signInPage.signInWithPinTo("/devices", bob.pin);
      const devices = new DevicesPage(page);
      await expect(devices.sessions).toHaveCount(3);
      await page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await expect(page.getByRole("status").filter({ hasText: "2 other devices are signed out." })).toBeVisible();
      await expect(devices.sessions).toHaveCount(1);
      await expect(devices.session(clientAddress)).toContainText("This device");
      await expect(page.getByText("You are signed in on this device only.")).toBeVisible();

      for (const otherPage of otherPages) {
        await otherPage.getByRole("link", { name: "Profile" }).first().click();
        await otherPage.waitForURL((url) => url.pathname === "/sign-in");
      }
      await page.reload();
      await expect(devices.session(clientAddress)).toContainText("This device");
    } finally {
      await Promise.all(others.map((context) => context.close()));
    }
  },
);

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("fits without sideways scrolling and passes axe, in English and in a frame", async ({ page, signInPage }) => {
    await signInPage.signInWithPinTo("/devices", bob.pin);
    await expect(new DevicesPage(page).heading).toBeVisible();
    await expect(
      page
        .getByRole("button", { name: "Sign out everywhere else" })
        .or(page.getByText("You are signed in on this device only.")),
    ).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/devices?embed=1");
    await expect(new DevicesPage(page).heading).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("shows German in German", async ({ page, baseURL, signInPage }) => {
    await signInPage.signInWithPinTo("/", bob.pin);
    await page.context().addCookies([{ name: "portal-language", value: "de", url: baseURL ?? "" }]);
    await page.goto("/devices");
    await expect(page.getByRole("heading", { level: 1, name: "Geräte und Anmeldungen" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Jetzt angemeldet" })).toBeVisible();
    await expect(page.getByText("Dieses Gerät")).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
});
