import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

// Three projects: fast unit tests of the portal's own code, the print
// server's tests, which start real HTTPS servers and so run in their own pool,
// and the person-facing flows in WebKitGTK and Firefox ESR (browsers/, run
// under xvfb-run: see docs/browsers.md).
export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Server modules say `import "server-only"`, which throws outside React's
      // server build; Next.js bundles it empty for the server, and so do tests.
      "server-only": `${root}node_modules/server-only/empty.js`,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.{ts,tsx}",
            "components/**/*.test.{ts,tsx}",
            "hooks/**/*.test.{ts,tsx}",
            "app/**/*.test.{ts,tsx}",
            "scripts/**/*.test.{ts,mjs}",
          ],
          environment: "node",
          // next-auth imports "next/server" without a file extension, which
          // Node's ESM loader refuses; Vite's resolver (inline) accepts it.
          server: { deps: { inline: ["next-auth"] } },
        },
      },
      {
        extends: true,
        test: {
          name: "print-server",
          include: ["print-server/test/**/*.test.ts", "print-server/src/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "browsers",
          include: ["browsers/**/*.test.ts"],
          environment: "node",
          globalSetup: ["browsers/global-setup.ts"],
          // One browser at a time: each engine's flows share its window and its stacks.
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
