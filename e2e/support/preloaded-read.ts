import type { Page } from "@playwright/test";

/**
 * The kinds of the requests the page sends for each of `paths` (pathname and
 * query, as the page asks for it) while `load` runs: "other" for the head's
 * preload (lib/http/preload-read.ts), "fetch" for a read of the page's own
 * code that went to the network rather than take the preload's answer.
 */
export async function requestsForEach(
  page: Page,
  paths: readonly string[],
  load: () => Promise<void>,
): Promise<Record<string, string[]>> {
  const kinds: Record<string, string[]> = Object.fromEntries(paths.map((path) => [path, []]));
  const onRequest = (request: { url(): string; resourceType(): string }) => {
    const url = new URL(request.url());
    kinds[url.pathname + url.search]?.push(request.resourceType());
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
