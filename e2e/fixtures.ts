import { test as base } from "@playwright/test";
import { randomInt } from "node:crypto";
import { HomePage } from "./pages/home-page";
import { SignInPage } from "./pages/sign-in-page";
import { e2eAddressHeader, stack } from "./support/stack-env";

// Every test gets its own browser address (through the portal's trusted proxy
// header), so failed sign-ins in one test never lock out another.
function randomAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

interface Fixtures {
  /** Use the portal whose print server is down. */
  printServerDown: boolean;
  clientAddress: string;
  signInPage: SignInPage;
  homePage: HomePage;
}

export const test = base.extend<Fixtures>({
  clientAddress: async ({}, use) => {
    await use(randomAddress());
  },
  printServerDown: [false, { option: true }],
  baseURL: async ({ printServerDown }, use) => {
    await use(printServerDown ? stack.downPortalUrl() : stack.portalUrl());
  },
  extraHTTPHeaders: async ({ clientAddress }, use) => {
    await use({ [e2eAddressHeader]: clientAddress });
  },
  signInPage: async ({ page }, use) => {
    await use(new SignInPage(page));
  },
  homePage: async ({ page }, use) => {
    await use(new HomePage(page));
  },
});

export { expect } from "@playwright/test";

export const alice = { pin: "112358", username: "alice", password: "wonderland", fullName: "Alice Liddell" };
export const bob = { pin: "314159", username: "bob", password: "canwefixit", fullName: "Bob Builder" };
export const carol = { username: "carol", password: "higherfurther", fullName: "Carol Danvers" };
