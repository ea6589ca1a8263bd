import { readFileSync } from "node:fs";
import { alice, expect, test } from "./fixtures";
import { stack, tokenLifetimeSeconds } from "./support/stack-env";

// Everything the browser receives during a whole session (sign-in, pages, API
// answers, a token refresh, sign-out) is recorded and searched for the real
// print server tokens (recorded by the test forwarder in front of the print
// server) and the portal's client secret.

const jwtShape = /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

test("no token or secret reaches the browser", async ({ page, context, homePage }) => {
  test.setTimeout(120_000);
  const received: string[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    pending.push(
      (async () => {
        const headers = await response.allHeaders().catch(() => ({}));
        const body = await response.body().catch(() => Buffer.alloc(0));
        received.push(`${response.url()}\n${JSON.stringify(headers)}\n${body.toString("utf8")}`);
      })(),
    );
  });

  await homePage.signInWithPin(alice.pin);
  await homePage.expectGreeting(alice.fullName);
  const firstCall = await page.evaluate(async () => (await fetch("/api/me")).text());
  expect(firstCall).toContain(alice.fullName);

  // Let the access token fall due so the portal refreshes it during the test.
  await page.waitForTimeout(tokenLifetimeSeconds * 1000);
  await page.reload();
  await homePage.expectGreeting(alice.fullName);
  await page.evaluate(async () =>
    Promise.all([fetch("/api/me"), fetch("/api/me")]).then((all) => Promise.all(all.map((a) => a.text()))),
  );

  const storage = await page.evaluate(() =>
    JSON.stringify({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage } }),
  );
  received.push(storage);
  await homePage.signOut(alice.fullName);
  await Promise.all(pending);

  const tokens = readFileSync(stack.recordFile(), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string);
  // At least the sign-in pair and one refreshed pair were handed out.
  expect(tokens.length).toBeGreaterThanOrEqual(4);

  const everything = received.join("\n");
  expect(received.length).toBeGreaterThan(5);
  for (const token of tokens)
    expect(everything.includes(token), "a print server token reached the browser").toBe(false);
  expect(everything.includes(stack.clientSecret()), "the client secret reached the browser").toBe(false);
  expect(everything).not.toMatch(jwtShape);
  expect(everything).not.toContain("refresh_token");

  // The session cookie is not readable by scripts.
  const sessionCookies = (await context.cookies()).filter((cookie) => cookie.name.includes("session-token"));
  for (const cookie of sessionCookies) expect(cookie.httpOnly).toBe(true);
  expect(storage).not.toContain("session-token");
});
