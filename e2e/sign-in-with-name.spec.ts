import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { request as newRequest, type APIRequestContext } from "@playwright/test";
import { signInRoute } from "../lib/browser-safe/form-routes";
import { alice, bob, expect } from "./fixtures";
import { SignInPage } from "./pages/sign-in-page";
import { privateStackTest } from "./support/own-stack-test";
import { e2eAddressHeader, stackLogDir } from "./support/stack-env";

// A portal that offers PIN alone nowhere (PORTAL_PIN_ALONE_NETWORKS empty):
// the PIN form asks whose PIN it is, a PIN alone never reaches the print
// server, and a stranger guessing one person's secret from everywhere cannot
// stop that person signing in from their own browser (device cookie).

const test = privateStackTest({ portalEnv: { PORTAL_PIN_ALONE_NETWORKS: "" } });

/**
 * Refused sign-ins (token requests answered 400) in the request log of this
 * worker's own print servers; the shared one is the global setup's, and the
 * portal's own client token is answered 200.
 */
function refusedSignInsAtPrintServer(): number {
  return readdirSync(stackLogDir)
    .filter((name) => name.startsWith(`print-server-${process.pid}-`))
    .flatMap((name) => readFileSync(join(stackLogDir, name), "utf8").split("\n"))
    .filter((line) => line.includes('"route":"/api/auth/token"') && line.includes('"status":400')).length;
}

function post(request: APIRequestContext, portal: string, fields: Record<string, string>, address: string) {
  return request.post(`${portal}${signInRoute}`, {
    form: fields,
    headers: { accept: "application/json", origin: portal, [e2eAddressHeader]: address },
  });
}

test("40 wrong PINs at once without a user name are refused as a missing name and never reach the print server", async ({
  request,
  stack,
}) => {
  const before = refusedSignInsAtPrintServer();
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      post(request, stack.portalUrl, { method: "pin", pin: String(100000 + i) }, `198.51.100.${i + 1}`),
    ),
  );
  for (const answer of answers) {
    expect(answer.status()).toBe(400);
    expect((await answer.json()).fields).toEqual({ username: "Enter your user name." });
  }
  // One attempt with a name does reach it: the count below can see requests.
  expect(
    (
      await post(request, stack.portalUrl, { method: "pin", username: "alice", pin: "999999" }, "198.51.100.77")
    ).status(),
  ).toBe(401);
  await expect.poll(refusedSignInsAtPrintServer).toBe(before + 1);
});

test("the PIN form asks for the user name, and a PIN signs in only its owner", async ({ page, signInPage }) => {
  await signInPage.goto();
  await expect(signInPage.username).toBeVisible();
  await signInPage.signInWithPin(alice.pin, bob.username);
  await expect(signInPage.alert).toContainText("PIN or password not recognised");
  // The user name stays, in another letter case too.
  await expect(signInPage.username).toHaveValue(bob.username);
  await signInPage.signInWithPin(alice.pin, "ALICE");
  await page.waitForURL((url) => url.pathname === "/");
});

test("a stranger's 30 wrong passwords for alice leave her signing in from her own browser at once", async ({
  page,
  signInPage,
  stack,
}) => {
  // Alice has signed in with this browser before: it keeps a device cookie.
  await signInPage.goto();
  await signInPage.signInWithPassword(alice.username, alice.password);
  await page.waitForURL((url) => url.pathname === "/");
  const kept = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith("portal-device"));
  expect(kept).toHaveLength(1);
  await page.context().clearCookies();
  await page.context().addCookies(kept);

  // 30 wrong passwords at once, each from another browser and address.
  const strangers = await Promise.all(Array.from({ length: 30 }, () => newRequest.newContext()));
  const guesses = await Promise.all(
    strangers.map((stranger, i) =>
      post(
        stranger,
        stack.portalUrl,
        { method: "password", username: "alice", password: `guess-${i}` },
        `203.0.113.${i + 1}`,
      ),
    ),
  );
  expect(guesses.map((answer) => answer.status()).filter((status) => status === 401).length).toBeLessThanOrEqual(3);
  // An unknown browser now has to prove some work for alice, even with her password.
  const unknown = await post(
    strangers[0]!,
    stack.portalUrl,
    { method: "password", username: "alice", password: alice.password },
    "203.0.113.99",
  );
  expect(await unknown.json()).toMatchObject({ error: "challenge_required" });
  await Promise.all(strangers.map((stranger) => stranger.dispose()));

  // Alice, in her own browser: at once.
  const again = new SignInPage(page);
  await again.goto();
  await again.signInWithPassword(alice.username, alice.password);
  await page.waitForURL((url) => url.pathname === "/");
});
