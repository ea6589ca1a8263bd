import type { Page } from "@playwright/test";
import type { Driver } from "./driver";

/**
 * The one part of a Playwright page that the page objects' checks use,
 * `evaluate(fn, arg)`, answered by this driver: the layout checks of
 * e2e/pages/phone-layout.ts then run unchanged in WebKit and Firefox.
 */
export function asEvaluator(driver: Driver): Page {
  const evaluate = (fn: (arg?: unknown) => unknown, arg?: unknown) =>
    arg === undefined ? driver.evaluate(fn) : driver.evaluate(fn, arg);
  return { evaluate } as unknown as Page;
}
