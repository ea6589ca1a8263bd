import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { freePort } from "./support/free-port";
import { startPrivateStack } from "./support/private-stack";

// The portal serves plain HTTP; an https:// PORTAL_URL means a TLS proxy in
// front of it. Then browsers must be told to stay on HTTPS (HSTS), and the
// portal must know the proxy's address header, or every browser would share
// the proxy's address for sign-in limits.

test("refuses to start with an https:// PORTAL_URL and no proxy address header", async () => {
  const child = spawn(process.execPath, ["scripts/portal-server.mjs"], {
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOSTNAME: "127.0.0.1",
      PORTAL_URL: "https://portal.example.com",
      PORTAL_TRUSTED_PROXY_HEADER: "",
      PRINT_SERVER_URL: "https://127.0.0.1:9",
      PRINT_SERVER_CLIENT_ID: "portal",
      PRINT_SERVER_CLIENT_SECRET: "not used",
      AUTH_SECRET: randomBytes(33).toString("base64url"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).not.toBe(0);
  expect(stderr).toContain("PORTAL_TRUSTED_PROXY_HEADER is required when PORTAL_URL starts with https://");
});

test("behind a TLS proxy every answer carries HSTS; over plain HTTP none does", async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const stack = await startPrivateStack({ behindTlsProxy: true });
  try {
    for (const path of ["/sign-in", "/api/health", "/api/me", "/no-such-page"]) {
      const answer = await request.get(`${stack.portalUrl}${path}`, { maxRedirects: 0 });
      expect(answer.headers()["strict-transport-security"], path).toBe("max-age=31536000");
    }
  } finally {
    await stack.close();
  }
  const plain = await request.get(`${baseURL}/sign-in`);
  expect(plain.headers()["strict-transport-security"]).toBeUndefined();
});
