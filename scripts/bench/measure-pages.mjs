// What the browser downloads and how Lighthouse scores the portal's pages,
// with Debian's Chromium (Playwright and Lighthouse cannot download one here).

import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { BenchError } from "./bench-error.mjs";
import { median, round } from "./stats.mjs";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The pages the issue names; `signedIn` pages get the session cookie. */
export const PAGES = [
  { name: "sign-in", path: "/sign-in", signedIn: false },
  { name: "account", path: "/", signedIn: true },
  { name: "reports", path: "/reports", signedIn: true },
];

function cookieObjects(cookieHeader, portalUrl) {
  return cookieHeader.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: portalUrl };
  });
}

/**
 * Gzip size (level 9, as Next.js reports "First Load JS") of every script the
 * page loads until the network is idle. Chromium skips `noModule` scripts, so
 * what it fetches is what a current browser runs.
 */
async function pageJs(browser, portalUrl, page, cookie) {
  const context = await browser.newContext();
  try {
    if (page.signedIn) await context.addCookies(cookieObjects(cookie, portalUrl));
    const tab = await context.newPage();
    const pending = [];
    tab.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        response.body().then(
          (body) => ({
            url: response.url(),
            bytes: body.byteLength,
            gzipBytes: gzipSync(body, { level: 9 }).byteLength,
          }),
          () => undefined,
        ),
      );
    });
    const answer = await tab.goto(`${portalUrl}${page.path}`, { waitUntil: "networkidle" });
    const landed = new URL(tab.url()).pathname;
    if (!answer?.ok() || landed !== page.path)
      throw new BenchError(`${page.path} ended at ${landed} (${answer?.status()})`);
    const scripts = (await Promise.all(pending)).filter(Boolean);
    return {
      list: scripts,
      scripts: scripts.length,
      bytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
      gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
    };
  } finally {
    await context.close();
  }
}

export async function measurePageJs({ portalUrl, cookie, runs }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const result = {};
    for (const page of PAGES) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await pageJs(browser, portalUrl, page, cookie));
      result[page.name] = {
        path: page.path,
        scripts: median(samples.map((s) => s.scripts)),
        kb: round(median(samples.map((s) => s.bytes)) / 1000, 1),
        gzipKb: round(median(samples.map((s) => s.gzipBytes)) / 1000, 1),
        // Where the bytes are, to explain a missed budget.
        largest: samples[0].list
          .sort((a, b) => b.gzipBytes - a.gzipBytes)
          .slice(0, 6)
          .map((s) => ({ path: new URL(s.url).pathname, gzipKb: round(s.gzipBytes / 1000, 1) })),
      };
    }
    return result;
  } finally {
    await browser.close();
  }
}

const categories = ["performance", "accessibility", "best-practices"];
const metricIds = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

/**
 * One Lighthouse run; a run that Chromium breaks off (NO_NAVSTART and the
 * like happen now and then on a busy machine) is tried once more.
 */
async function lighthouseRun(port, url, path, say) {
  let problem = "";
  for (let attempt = 1; attempt <= 2; attempt++) {
    const answer = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: categories });
    const lhr = answer?.lhr;
    problem = !lhr ? "no result" : lhr.runtimeError ? lhr.runtimeError.code : "";
    if (!problem) {
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== path) throw new BenchError(`Lighthouse ended at ${landed} instead of ${path}`);
      return lhr;
    }
    say?.(`  lighthouse ${path}: ${problem}${attempt === 1 ? ", trying again" : ""}`);
  }
  throw new BenchError(`Lighthouse failed on ${path}: ${problem}`);
}

/**
 * Puts the session cookie into the browser's default profile, which Lighthouse
 * uses and does not clear. (Lighthouse's `extraHeaders: {Cookie}` does not
 * reach navigations in current Chromium.)
 */
async function addSessionCookie(port, portalUrl, cookie) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].addCookies(cookieObjects(cookie, portalUrl));
  } finally {
    await browser.close();
  }
}

/** Lighthouse's default settings (mobile emulation, simulated throttling). */
export async function measureLighthouse({ portalUrl, cookie, runs, say, track }) {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ["--headless=new", ...chromiumArgs] });
  // Stopped with the servers on Ctrl-C; chrome-launcher's own kill covers the normal end.
  if (chrome.process) track?.(chrome.process);
  let signedIn = false;
  try {
    const result = {};
    // The sign-in page comes first: with a session it would forward to the home page.
    for (const page of PAGES) {
      if (page.signedIn && !signedIn) {
        await addSessionCookie(chrome.port, portalUrl, cookie);
        signedIn = true;
      }
      const scores = Object.fromEntries(categories.map((c) => [c, []]));
      const metrics = Object.fromEntries(metricIds.map((m) => [m, []]));
      const failing = new Set();
      for (let i = 0; i < runs; i++) {
        const lhr = await lighthouseRun(chrome.port, `${portalUrl}${page.path}`, page.path, say);
        for (const c of categories) scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        for (const m of metricIds) metrics[m].push(lhr.audits[m]?.numericValue);
        for (const c of ["accessibility", "best-practices"]) {
          for (const ref of lhr.categories[c]?.auditRefs ?? []) {
            if (ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1) failing.add(`${c}: ${ref.id}`);
          }
        }
        say?.(
          `  lighthouse ${page.path} run ${i + 1}: ${categories.map((c) => `${c} ${scores[c].at(-1)}`).join(", ")}`,
        );
      }
      result[page.name] = {
        path: page.path,
        formFactor: "mobile",
        ...Object.fromEntries(categories.map((c) => [c, median(scores[c])])),
        metrics: Object.fromEntries(
          metricIds.map((m) => [m, round(median(metrics[m]), m === "cumulative-layout-shift" ? 3 : 0)]),
        ),
        failedAudits: [...failing],
      };
    }
    return result;
  } finally {
    await chrome.kill();
  }
}
