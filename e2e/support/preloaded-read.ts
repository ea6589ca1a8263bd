import type { Page } from "@playwright/test";

/**
 * The kinds of the requests the page sends for `path` (its pathname and
 * query, as the page asks for it) while `load` runs: "other" for the head's
 * preload (lib/http/preload-read.ts), "fetch" for a read of the page's own
 * code that went to the network rather than take the preload's answer.
 */
export async function requestsFor(page: Page, path: string, load: () => Promise<void>): Promise<string[]> {
  const kinds: string[] = [];
  const onRequest = (request: { url(): string; resourceType(): string }) => {
    const url = new URL(request.url());
    if (url.pathname + url.search === path) kinds.push(request.resourceType());
  };
  page.on("request", onRequest);
  try {
    await load();
  } finally {
    page.off("request", onRequest);
  }
  return kinds;
}
