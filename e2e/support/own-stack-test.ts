import { test as base } from "../fixtures";
import { startPrivateStack, type PrivateStack, type PrivateStackOptions } from "./private-stack";

/**
 * Tests with a print server and a portal of each test's own (`stack`), started
 * with `options` and closed after the test; the test's pages and requests go
 * to that portal.
 */
export function privateStackTest(options: PrivateStackOptions = {}) {
  return base.extend<{ stack: PrivateStack }>({
    stack: [
      async ({}, use) => {
        const stack = await startPrivateStack(options);
        try {
          await use(stack);
        } finally {
          await stack.close();
        }
      },
      { timeout: 180_000 },
    ],
    baseURL: async ({ stack }, use) => {
      await use(stack.portalUrl);
    },
  });
}

// A test that changes a demo person (a PIN, an email, a balance) gets a
// print server and a portal of its own, so the shared print server's demo
// data stays as every other test expects it.
export const ownStackTest = base.extend<{ ownStack: PrivateStack }>({
  ownStack: [
    async ({}, use) => {
      const stack = await startPrivateStack();
      await use(stack);
      await stack.close();
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ ownStack }, use) => {
    await use(ownStack.portalUrl);
  },
});
