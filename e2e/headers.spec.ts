import http from "node:http";
import { expect, test } from "./fixtures";

// Headers a client can set must not change what the portal enforces, and
// every /api/ answer is JSON.

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

/** Sends `bytes` of body to the portal in chunks, without declaring its length; answers the status. */
function postChunked(url: string, bytes: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } });
    request.on("response", (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    // The portal may answer and close before it has read everything.
    request.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.code === "EPIPE" ? resolve(-1) : reject(error),
    );
    const chunk = Buffer.alloc(16 * 1024, "a");
    for (let sent = 0; sent < bytes; sent += chunk.length) request.write(chunk);
    request.end();
  });
}

test("a request body larger than the portal takes is refused, declared or not, and the portal carries on", async ({
  request,
  baseURL,
}) => {
  const big = "x".repeat(100 * 1024);
  // Declared: refused by proxy.ts before anything reads it, for a route and a form post alike.
  const toRoute = await request.post("/api/credit/vouchers", {
    headers: { "content-type": "application/json" },
    data: JSON.stringify({ code: big }),
  });
  expect(toRoute.status()).toBe(413);
  expect(await toRoute.json()).toMatchObject({ error: "too_large", message: expect.any(String) });
  const toForm = await request.post("/sign-in", { multipart: { pin: big } });
  expect(toForm.status()).toBe(413);

  // Not declared (chunked): never a 2xx, never a 5xx, and the portal answers the next request.
  for (const path of ["/api/credit/vouchers", "/sign-in"]) {
    const status = await postChunked(`${baseURL}${path}`, 2 * 1024 * 1024, {
      "content-type": path === "/sign-in" ? "text/plain;charset=UTF-8" : "application/json",
      ...(path === "/sign-in" ? { "next-action": "0".repeat(42) } : {}),
    });
    expect(status === -1 || (status >= 400 && status < 500), `${path}: ${status}`).toBe(true);
  }
  expect((await request.get("/api/health")).status()).toBe(200);
});
