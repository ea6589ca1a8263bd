import { readFileSync } from "node:fs";
import { decodeJwt } from "jose";
import { Agent, fetch } from "undici";
import { bob, expect } from "./fixtures";
import { HomePage } from "./pages/home-page";
import { ProfilePage } from "./pages/profile-page";
import { SignInPage } from "./pages/sign-in-page";
import { privateStackTest } from "./support/own-stack-test";
import type { PrivateStack } from "./support/private-stack";
import { e2eAddressHeader } from "./support/stack-env";

// A new PIN ends every other session of the person: in the portal at once
// (the other browser's next click lands on sign-in), and at the print server
// (the refresh tokens handed out before no longer work). The test changes
// bob's PIN, so it has a print server and a portal of its own, with the
// recording forwarder between them to see the tokens the portal was given.

const test = privateStackTest({ recordTokens: true });
test.setTimeout(150_000);

const recorded = (stack: PrivateStack): string[] =>
  readFileSync(stack.recordFile ?? "", "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string);

const isJwt = (token: string) => token.split(".").length === 3;

/** The refresh tokens handed out for `username`: each token answer records its access token, then its refresh token. */
function refreshTokensOf(tokens: string[], username: string): string[] {
  return tokens.flatMap((token, i) => {
    const next = tokens[i + 1];
    return isJwt(token) && next !== undefined && !isJwt(next) && decodeJwt(token).username === username ? [next] : [];
  });
}

/** A refresh at the print server itself, as the portal would send it. */
async function refreshAtPrintServer(stack: PrivateStack, refreshToken: string) {
  const dispatcher = new Agent({ connect: { ca: readFileSync(stack.client.caFile, "utf8") } });
  try {
    const answer = await fetch(new URL("/api/auth/token", stack.printServerUrl), {
      method: "POST",
      dispatcher,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: stack.client.clientId,
        client_secret: stack.client.clientSecret,
      }),
    });
    return { status: answer.status, body: (await answer.json()) as { error?: string } };
  } finally {
    await dispatcher.close();
  }
}

test("a new PIN signs bob out in his other browser, and its refresh token no longer works", async ({
  page,
  browser,
  stack,
  signInPage,
  homePage,
}) => {
  await signInPage.signInWithPinTo("/", bob.pin);
  await homePage.expectGreeting(bob.fullName);

  const other = await browser.newContext({
    baseURL: stack.portalUrl,
    extraHTTPHeaders: { [e2eAddressHeader]: "10.62.0.2" },
  });
  try {
    const otherPage = await other.newPage();
    const otherHome = new HomePage(otherPage);
    await new SignInPage(otherPage).signInWithPinTo("/", bob.pin);
    await otherHome.expectGreeting(bob.fullName);
    await otherHome.expectHydrated();
    const handedOut = refreshTokensOf(recorded(stack), bob.username);
    expect(handedOut.length).toBeGreaterThanOrEqual(2);

    const profilePage = new ProfilePage(page);
    await profilePage.goto();
    const pin = await profilePage.getNewPin({ password: bob.password });
    expect(pin).not.toBe(bob.pin);

    // The other browser's next click finds its session gone.
    await otherPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
    await expect(otherPage).toHaveURL(/\/sign-in/);

    // This browser stays signed in, with tokens of the new PIN.
    await page.goto("/");
    await homePage.expectGreeting(bob.fullName);

    // Newest first: without revocation the newest would still be unused and work.
    for (const refreshToken of handedOut.reverse()) {
      const answer = await refreshAtPrintServer(stack, refreshToken);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("invalid_grant");
    }
  } finally {
    await other.close();
  }
});

test("signing out revokes the session's refresh token at the print server", async ({ stack, signInPage, homePage }) => {
  await signInPage.signInWithPinTo("/", bob.pin);
  await homePage.expectGreeting(bob.fullName);
  const handedOut = refreshTokensOf(recorded(stack), bob.username);
  expect(handedOut).toHaveLength(1);

  await homePage.signOut(bob.fullName);

  const answer = await refreshAtPrintServer(stack, handedOut[0] ?? "");
  expect(answer.status).toBe(400);
  expect(answer.body.error).toBe("invalid_grant");
});
