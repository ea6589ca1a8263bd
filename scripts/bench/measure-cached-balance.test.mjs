import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureCachedBalance } from "./measure-cached-balance.mjs";
import { chromiumPath } from "./chromium.mjs";

// A three-page app in the portal's shape (nav links, the figure, the money
// route), once with a cache shared between its pages and once without: the
// measure must tell the two apart in a real Chromium.
function appHtml({ cached, clientSide }) {
  return `<!doctype html><html lang="en"><body>
<nav><a href="/">Home</a> <a href="/jobs">Jobs</a> <a href="/credit">Credit</a></nav>
<p data-testid="available-to-print"></p>
<script>
  let last = null;
  const figure = document.querySelector('[data-testid="available-to-print"]');
  function render() {
    for (const a of document.querySelectorAll("nav a"))
      a.toggleAttribute("aria-current", a.getAttribute("href") === location.pathname) && a.setAttribute("aria-current", "page");
    figure.textContent = ${cached} && last !== null ? last : "…";
    fetch("/api/account/money").then((r) => r.json()).then((m) => {
      last = "€" + m.credit.availableToPrint.toFixed(2);
      figure.textContent = last;
    });
  }
  if (${clientSide})
    document.querySelector("nav").addEventListener("click", (event) => {
      const link = event.target.closest("a");
      if (!link) return;
      event.preventDefault();
      history.pushState(null, "", link.getAttribute("href"));
      render();
    });
  render();
</script></body></html>`;
}

async function serve(options) {
  const server = createServer((req, res) => {
    if (req.url === "/api/account/money") {
      res.setHeader("content-type", "application/json");
      return res.end(JSON.stringify({ currency: "EUR", credit: { availableToPrint: 25.5, accounts: [] } }));
    }
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(appHtml(options));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

describe.skipIf(!existsSync(chromiumPath))("measureCachedBalance in Chromium", () => {
  const apps = {};
  beforeAll(async () => {
    apps.cached = await serve({ cached: true, clientSide: true });
    apps.uncached = await serve({ cached: false, clientSide: true });
    apps.documents = await serve({ cached: true, clientSide: false });
  });
  afterAll(() => Promise.all(Object.values(apps).map((app) => app.close())));

  const walk = (app) => measureCachedBalance({ portalUrl: app.url, cookie: "session=bench", runs: 1 });

  it("meets it when the next page shows the cached figure at once and then the refreshed one", async () => {
    const { pages } = await walk(apps.cached);
    expect(pages.jobs).toMatchObject({ met: 1, firstFrame: 1, refreshed: 1 });
    expect(pages.credit).toMatchObject({ met: 1, firstFrame: 1, refreshed: 1 });
    // Home's figure, then the Jobs answer raised by 1, then the Credit answer raised by 2.
    expect(pages.jobs.samples[0]).toMatchObject({ firstText: "€25.50", afterText: "€26.50" });
    expect(pages.credit.samples[0]).toMatchObject({ firstText: "€26.50", afterText: "€27.50" });
  }, 60_000);

  it("misses it when the next page waits for its own request", async () => {
    const { pages } = await walk(apps.uncached);
    expect(pages.jobs).toMatchObject({ met: 0, firstFrame: 0, refreshed: 1, why: "no figure in the first frame" });
    expect(pages.credit).toMatchObject({ met: 0, firstFrame: 0 });
  }, 60_000);

  it("misses it when a click loads a new document", async () => {
    const { pages } = await walk(apps.documents);
    expect(pages.jobs.met).toBe(0);
    expect(pages.jobs.why).toContain("the click loaded a new document");
  }, 60_000);
});
