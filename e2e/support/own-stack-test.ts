import { test as base } from "../fixtures";
import { startPrivateStack, type PrivateStack } from "./private-stack";

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
