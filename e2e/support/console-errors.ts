import type { Page } from "@playwright/test";

/**
 * Every error the page logs or throws from now on, e.g. React's "Hydration
 * failed" when the browser renders a text other than the server's (a time
 * zone, a number format of another ICU version).
 */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
