import type { Page, Route } from "@playwright/test";

/**
 * Holds the browser's requests to `urls` until the answered function is
 * called, so a page's placeholders stay to be measured or checked; what is
 * asked after that passes at once. A request whose page has gone meanwhile
 * is dropped quietly.
 */
export async function holdRequests(page: Page, ...urls: string[]): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await released;
    await route.continue().catch(() => undefined);
  };
  for (const url of urls) await page.route(url, hold);
  return release;
}
