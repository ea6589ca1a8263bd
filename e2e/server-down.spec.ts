import { alice, expect, test } from "./fixtures";

test.describe("when the print server cannot be reached", () => {
  test.use({ printServerDown: true });

  test("signing in says so plainly", async ({ page, signInPage }) => {
    await signInPage.goto();
    await signInPage.signInWithPin(alice.pin);
    await expect(signInPage.alert).toContainText("The print server cannot be reached right now");
    expect(new URL(page.url()).pathname).toBe("/sign-in");
  });

  test("the health check answers 503", async ({ request }) => {
    const answer = await request.get("/api/health");
    expect(answer.status()).toBe(503);
    expect(await answer.json()).toEqual({ status: "degraded", printServer: "unreachable" });
  });
});

test("the health check of a working portal answers 200 with a request id", async ({ request }) => {
  const answer = await request.get("/api/health");
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ status: "ok", printServer: "reachable" });
  expect(answer.headers()["x-request-id"]).toMatch(/^[A-Za-z0-9._-]{8,}$/);
});
