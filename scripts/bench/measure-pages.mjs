// What the browser downloads, what it logs as errors and how Lighthouse
// scores the portal's pages and the floor's empty page, with Debian's Chromium
// (Playwright and Lighthouse cannot download one here).

import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { fetch } from "undici";
import { BenchError } from "./bench-error.mjs";
import { chromiumArgs, chromiumPath, cookieObjects } from "./chromium.mjs";
import { beyondFloor, floorIndex } from "./page-scripts.mjs";
import { FLOOR_PAGE, lighthouseRounds, PAGES } from "./pages.mjs";
import { median, round } from "./stats.mjs";

/** Which listed pages the portal serves; a page that answers 404 is skipped with a note. */
export async function servedPages(portalUrl, cookie) {
  const served = [];
  const skipped = {};
  for (const page of PAGES) {
    const answer = await fetch(`${portalUrl}${page.path}`, {
      headers: page.signedIn ? { cookie } : {},
      redirect: "manual",
    });
    await answer.body?.cancel();
    if (answer.status === 404) skipped[page.name] = `${page.path} answers 404 (not built yet): not measured`;
    else if (answer.status === 200) served.push(page);
    else throw new BenchError(`${page.path} answered ${answer.status}`);
  }
  return { served, skipped };
}

const MAX_CONSOLE_MESSAGES = 5;

/**
 * One load of a page until the network is idle: every script Chromium fetched
 * (Chromium skips `noModule` scripts, so this is what a current browser runs)
 * and every error the page wrote to the console or threw.
 */
async function loadPage(browser, baseUrl, page, cookie) {
  const context = await browser.newContext();
  try {
    if (page.signedIn) await context.addCookies(cookieObjects(cookie, baseUrl));
    const tab = await context.newPage();
    const pending = [];
    const consoleErrors = [];
    tab.on("console", (message) => {
      if (message.type() !== "error") return;
      // For a failed load the location is the resource's address, which the text leaves out.
      const where = message.location()?.url;
      consoleErrors.push(`${message.text().slice(0, 200)}${where ? ` (${where.replace(baseUrl, "")})` : ""}`);
    });
    tab.on("pageerror", (error) => consoleErrors.push(`uncaught: ${String(error.message).slice(0, 200)}`));
    tab.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        response.body().then(
          (body) => ({ path: new URL(response.url()).pathname, text: body.toString("utf8"), bytes: body.byteLength }),
          () => undefined,
        ),
      );
    });
    const answer = await tab.goto(`${baseUrl}${page.path}`, { waitUntil: "networkidle" });
    const landed = new URL(tab.url()).pathname;
    if (!answer?.ok() || landed !== page.path)
      throw new BenchError(`${page.path} ended at ${landed} (${answer?.status()})`);
    const scripts = (await Promise.all(pending)).filter(Boolean);
    return {
      scripts,
      consoleErrors,
      bytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
      // Level 9, as Next.js reports "First Load JS".
      gzipBytes: scripts.reduce((sum, s) => sum + gzipSync(s.text, { level: 9 }).byteLength, 0),
    };
  } finally {
    await context.close();
  }
}

/** Median figures of `runs` loads of one page. */
async function pageFigures(browser, baseUrl, page, cookie, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await loadPage(browser, baseUrl, page, cookie));
  const errors = samples.flatMap((s) => s.consoleErrors);
  return {
    samples,
    figures: {
      path: page.path,
      scripts: median(samples.map((s) => s.scripts.length)),
      kb: round(median(samples.map((s) => s.bytes)) / 1000, 1),
      gzipKb: round(median(samples.map((s) => s.gzipBytes)) / 1000, 1),
      gzipBytes: median(samples.map((s) => s.gzipBytes)),
      // The most any one load wrote, and what (a page that errs now and then still errs).
      consoleErrors: Math.max(...samples.map((s) => s.consoleErrors.length)),
      consoleMessages: [...new Set(errors)].slice(0, MAX_CONSOLE_MESSAGES),
    },
  };
}

const kb = (bytes) => round(bytes / 1000, 1);

/**
 * First-load JavaScript (gzip -9) and console errors of the floor's empty page
 * and of each served portal page, with what each page loads beyond the floor.
 */
export async function measurePageJs({ portalUrl, floorUrl, cookie, runs, pages }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const floor = await pageFigures(browser, floorUrl, FLOOR_PAGE, cookie, runs);
    const floorModules = floorIndex(floor.samples[0].scripts);
    const served = {};
    for (const page of pages) {
      const { samples, figures } = await pageFigures(browser, portalUrl, page, cookie, runs);
      const beyond = beyondFloor(samples[0].scripts, floorModules);
      served[page.name] = {
        ...figures,
        beyondFloorGzipKb: kb(beyond.gzipBytes),
        beyondFloor: beyond.scripts.map((s) => ({
          path: s.path,
          gzipKb: kb(s.gzipBytes),
          beyondFloorGzipKb: kb(s.beyondGzipBytes),
          packages: s.packages,
        })),
      };
    }
    return { floor: floor.figures, served };
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
  // Where total blocking time comes from: all main-thread work, and the scripts' share (ms, throttled).
  "mainthread-work-breakdown",
  "bootup-time",
];

/** A Lighthouse run that Chromium broke off on every attempt (not a finding about the page). */
class BrokenRunError extends BenchError {}

const LIGHTHOUSE_ATTEMPTS = 3;

// Applied throttling: the page really loads over a slowed network and CPU,
// as on a phone. Simulated throttling estimates from an unthrottled load on
// loopback, and counts as render-blocking every script that happened to
// arrive before that load's first paint, so the same page's largest paint
// came out far apart from run to run (docs/decisions/015-lighthouse-applied-throttling.md).
const lighthouseFlags = { output: "json", logLevel: "error", onlyCategories: categories, throttlingMethod: "devtools" };

/**
 * One Lighthouse run; a run that Chromium breaks off (NO_NAVSTART and the
 * like happen now and then) is tried again after a moment, up to three
 * attempts in all.
 */
async function lighthouseRun(port, url, path, say) {
  let problem = "";
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    if (attempt > 1) await sleep(2000);
    const answer = await lighthouse(url, { port, ...lighthouseFlags });
    const lhr = answer?.lhr;
    problem = !lhr ? "no result" : lhr.runtimeError ? lhr.runtimeError.code : "";
    if (!problem) {
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== path) throw new BenchError(`Lighthouse ended at ${landed} instead of ${path}`);
      return lhr;
    }
    say?.(`  lighthouse ${path}: ${problem}${attempt < LIGHTHOUSE_ATTEMPTS ? ", trying again" : ""}`);
  }
  throw new BrokenRunError(`Lighthouse failed on ${path}: ${problem}`);
}

/**
 * Puts the session cookie into the browser's default profile, which Lighthouse
 * uses and does not clear, or (without `cookie`) takes every cookie out of it.
 * (Lighthouse's `extraHeaders: {Cookie}` does not reach navigations in current Chromium.)
 */
async function setSessionCookie(port, portalUrl, cookie) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const profile = browser.contexts()[0];
    if (cookie) await profile.addCookies(cookieObjects(cookie, portalUrl));
    else await profile.clearCookies();
  } finally {
    await browser.close();
  }
}

/** The element of the largest paint, as `tag "text"`: what a page's LCP waits for. */
function largestPaintElement(lhr) {
  const node = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  if (!node) return undefined;
  const tag = /^<([a-z0-9]+)/i.exec(node.snippet ?? "")?.[1] ?? "element";
  return `${tag} "${(node.nodeLabel ?? "").replace(/\s+/g, " ").trim().slice(0, 40)}"`;
}

/** The most frequent of `values` and in how many of them it is. */
function mostFrequent(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const [value, runs] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return value === undefined ? undefined : { element: value, runs, of: values.length };
}

/** The elements a failed audit names (selector and snippet), the first few. */
function failingNodes(audit) {
  return (audit?.details?.items ?? [])
    .map((item) => item.node ?? item.items?.[0]?.node)
    .filter(Boolean)
    .slice(0, 5)
    .map((node) => `${node.selector ?? "?"} ${(node.snippet ?? "").slice(0, 160)}`);
}

/** One Lighthouse run of one page: its scores, metrics, largest paint and the audits it failed. */
async function lighthouseSample(port, baseUrl, page, say) {
  const lhr = await lighthouseRun(port, `${baseUrl}${page.path}`, page.path, say);
  const failing = [];
  const failingNodesSeen = [];
  for (const c of ["accessibility", "best-practices"]) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      if (ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1) {
        failing.push(`${c}: ${ref.id}`);
        // Which elements, so a failure seen in one run can be found again.
        for (const where of failingNodes(lhr.audits[ref.id])) failingNodesSeen.push(`${ref.id}: ${where}`);
      }
    }
  }
  return {
    scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    metrics: Object.fromEntries(metricIds.map((m) => [m, lhr.audits[m]?.numericValue])),
    largestPaint: largestPaintElement(lhr),
    failing,
    failingNodes: failingNodesSeen,
    // Lighthouse's measure of the host's CPU: the scores move with it.
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/** Median Lighthouse scores and metrics of one page's runs, with the audits that failed in any. */
function pageScores(page, samples, brokenRuns) {
  return {
    path: page.path,
    formFactor: "mobile",
    ...(brokenRuns > 0 && { brokenRuns }),
    ...Object.fromEntries(categories.map((c) => [c, median(samples.map((s) => s.scores[c]))])),
    metrics: Object.fromEntries(
      metricIds.map((m) => [
        m,
        round(median(samples.map((s) => s.metrics[m])), m === "cumulative-layout-shift" ? 3 : 0),
      ]),
    ),
    failedAudits: [...new Set(samples.flatMap((s) => s.failing))],
    failedAuditNodes: [...new Set(samples.flatMap((s) => s.failingNodes))].slice(0, 20),
    largestPaint: mostFrequent(samples.map((s) => s.largestPaint).filter(Boolean)),
    benchmarkIndex: round(median(samples.map((s) => s.benchmarkIndex)), 0),
  };
}

/**
 * Lighthouse's mobile settings with applied throttling (lighthouseFlags), on
 * the floor's page and the served pages, `runs` rounds in turns (lighthouseRounds).
 */
export async function measureLighthouse({ portalUrl, floorUrl, cookie, pages, runs, say, track }) {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ["--headless=new", ...chromiumArgs] });
  // Stopped with the servers on Ctrl-C; chrome-launcher's own kill covers the normal end.
  if (chrome.process) track?.(chrome.process);
  try {
    const samples = new Map();
    const broken = new Map();
    let signedIn = false;
    for (const { page, run } of lighthouseRounds(pages, runs)) {
      // With a session the sign-in page forwards to the home page: the cookie is there only for signed-in pages.
      if (page.signedIn !== signedIn) {
        await setSessionCookie(chrome.port, portalUrl, page.signedIn ? cookie : undefined);
        signedIn = page.signedIn;
      }
      let sample;
      try {
        sample = await lighthouseSample(chrome.port, page === FLOOR_PAGE ? floorUrl : portalUrl, page, say);
      } catch (error) {
        // One run broken off on every attempt leaves that run out, not the whole group.
        if (!(error instanceof BrokenRunError)) throw error;
        broken.set(page, (broken.get(page) ?? 0) + 1);
        say?.(`  lighthouse ${page.name} ${page.path} run ${run}: left out (${error.message})`);
        continue;
      }
      samples.set(page, [...(samples.get(page) ?? []), sample]);
      say?.(
        `  lighthouse ${page.name} ${page.path} run ${run}: ${categories.map((c) => `${c} ${sample.scores[c]}`).join(", ")}`,
      );
    }
    const scored = (page) => {
      const kept = samples.get(page) ?? [];
      // A median needs most of the runs: fewer than that is no figure.
      if (kept.length <= runs / 2)
        throw new BenchError(`Lighthouse ran ${page.path} to the end ${kept.length} of ${runs} times`);
      return pageScores(page, kept, broken.get(page) ?? 0);
    };
    return {
      floor: scored(FLOOR_PAGE),
      served: Object.fromEntries(pages.map((page) => [page.name, scored(page)])),
    };
  } finally {
    await chrome.kill();
  }
}
