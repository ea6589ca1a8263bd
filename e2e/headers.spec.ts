import { expect, test } from "./fixtures";

// Headers a client can set must not change what the portal enforces, and
// every /api/ answer is JSON (issue 16, "Headers and secrets", "Bad input").

const prefetchHeaders: Record<string, string>[] = [
  { purpose: "prefetch" },
  { "next-router-prefetch": "1" },
  { "sec-purpose": "prefetch" },
];

test("a prefetch of a page gets the same CSP and frame-ancestors as the page", async ({ request }) => {
  for (const headers of prefetchHeaders) {
    const answer = await request.get("/sign-in", { headers });
    const csp = answer.headers()["content-security-policy"] ?? "";
    expect(csp, JSON.stringify(headers)).toContain("frame-ancestors 'self'");
    expect(csp, JSON.stringify(headers)).toMatch(/script-src 'self' 'nonce-/);
  }
});

test("a cross-site change marked as a prefetch is still refused", async ({ request }) => {
  for (const headers of prefetchHeaders) {
    const answer = await request.post("/api/reports/executions", {
      headers: { ...headers, origin: "https://evil.example", "content-type": "application/json" },
      data: { reportId: 1, format: "csv" },
    });
    expect(answer.status(), JSON.stringify(headers)).toBe(403);
    expect(await answer.json()).toMatchObject({ error: "cross_site" });
  }
});

test("an /api/ path that does not exist answers a JSON 404 for every method", async ({ request }) => {
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
    const answer = await request.fetch("/api/no-such-thing/42", { method });
    expect(answer.status(), method).toBe(404);
    expect(answer.headers()["content-type"], method).toContain("application/json");
    expect(await answer.json()).toMatchObject({ error: "not_found", message: expect.any(String) });
  }
});
