import type { Page, Request } from "@playwright/test";

/**
 * The kinds of the requests the page sends for each of `paths` (pathname and
 * query, as the page asks for it) while `load` loads a page: "other" for the
 * head's preload (lib/http/preload-read.ts), "fetch" for a read of the page's
 * own code that went to the network rather than take the preload's answer.
 * Counted from the page's navigation on: the page before it may still be
 * reading (home reads the balance itself when the server rendered it
 * without, on a busy machine), and that read is not the new page's.
 */
export async function requestsForEach(
  page: Page,
  paths: readonly string[],
  load: () => Promise<void>,
): Promise<Record<string, string[]>> {
  const kinds: Record<string, string[]> = Object.fromEntries(paths.map((path) => [path, []]));
  let navigated = false;
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigated = true;
    const url = new URL(request.url());
    if (navigated) kinds[url.pathname + url.search]?.push(request.resourceType());
  };
  page.on("request", onRequest);
  try {
    await load();
  } finally {
    page.off("request", onRequest);
  }
  return kinds;
}

/** requestsForEach for one path. */
export async function requestsFor(page: Page, path: string, load: () => Promise<void>): Promise<string[]> {
  return (await requestsForEach(page, [path], load))[path]!;
}
