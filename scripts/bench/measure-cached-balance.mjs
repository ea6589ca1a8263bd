// Home, then Jobs, then Credit in one tab, moving by the nav links: on the
// second and third page the available figure must be on screen in the first
// frame the browser shows at the new address, before that page's own money
// request has answered, and then change to that request's answer.
//
// The page's money requests are held while it comes, so any figure in its
// first frame was already in the tab. Each held request is then answered with
// the print server's real answer, its figure raised by the page's `bump`, so a
// refresh shows as a figure that differs from the one the page came with.
// A watcher in the page writes down, frame by frame (requestAnimationFrame),
// the address, the section the navigation marks current and the figure.

import { chromium } from "@playwright/test";
import { BenchError } from "./bench-error.mjs";
import { CACHE_PAGES, CACHE_START } from "./cache-pages.mjs";
import { chromiumArgs, chromiumPath, cookieObjects } from "./chromium.mjs";

/** The portal's money overview, read by Home, Jobs and Credit (lib/browser-safe/account/read-paths.ts). */
export const MONEY_PATH = "/api/account/money";
export const FIGURE_SELECTOR = '[data-testid="available-to-print"]';
const URL_WAIT_MS = 15_000;
const ASK_WAIT_MS = 5_000;
const REFRESH_WAIT_MS = 10_000;

/** Whether a text shown where the figure goes is a figure, not a placeholder such as "…". */
export function showsFigure(text) {
  return /\d/.test(text);
}

/** Runs in the page before its own scripts: one record per frame in which what is shown changed. */
function frameWatcher(selector) {
  const frames = [];
  window.__benchFrames = frames;
  window.__benchDocument = Math.random().toString(36).slice(2);
  let last = "";
  const tick = () => {
    const figure = document.querySelector(selector);
    const shown = figure && figure.getClientRects().length > 0 ? (figure.textContent ?? "").trim() : "";
    const current = document.querySelector('nav a[aria-current="page"]')?.getAttribute("href") ?? null;
    const key = `${location.pathname}|${current}|${shown}`;
    if (key !== last) {
      frames.push({ path: location.pathname, current, text: shown, at: Math.round(performance.now()) });
      last = key;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * The first frame of the page at `path`: its address is the new one and,
 * where the navigation marks a section current, that section is the new page's
 * (so the frame shows the new page, not the old one under a new address).
 */
export function firstFrameAt(frames, path) {
  return frames.find(
    (frame) => frame.path === path && (frame.current === null || new URL(frame.current, "http://x").pathname === path),
  );
}

/**
 * How long after the page's first frame a figure was on screen while its
 * money request was still held (0: in the first frame); undefined if none was.
 */
export function figureAfterMs(frames, first) {
  if (first?.at === null || first?.at === undefined) return undefined;
  const shown = frames.find((frame) => frame.at >= first.at && frame.path === first.path && showsFigure(frame.text));
  return shown ? shown.at - first.at : undefined;
}

/** The money answer with its available figure raised by `bump`; undefined when it has none. */
export function bumpedMoney(text, bump) {
  let overview;
  try {
    overview = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof overview?.credit?.availableToPrint !== "number") return undefined;
  overview.credit.availableToPrint = Math.round((overview.credit.availableToPrint + bump) * 100) / 100;
  return JSON.stringify(overview);
}

/** Holds the tab's money requests while `holding`, and answers them, bumped, on release(). */
function moneyGate(tab) {
  const held = [];
  const state = { holding: false };
  const handler = async (route) => {
    if (!state.holding) return route.continue();
    held.push(route);
  };
  return {
    held,
    async start() {
      await tab.route((url) => url.pathname === MONEY_PATH, handler);
    },
    hold() {
      held.length = 0;
      state.holding = true;
    },
    /** Answers every held request with the real answer, bumped; answers whether each had a figure to bump. */
    async release(bump) {
      state.holding = false;
      let bumped = held.length > 0;
      for (const route of held.splice(0)) {
        try {
          const response = await route.fetch();
          const body = bumpedMoney(await response.text(), bump);
          if (body === undefined) bumped = false;
          // The body is read decoded; its length and encoding are the new body's.
          const headers = Object.fromEntries(
            Object.entries(response.headers()).filter(([name]) => !/^(content-length|content-encoding)$/i.test(name)),
          );
          await route.fulfill({ status: response.status(), headers, body: body ?? (await response.text()) });
        } catch {
          // The page went away meanwhile; nothing waits for this answer.
          bumped = false;
        }
      }
      return bumped;
    },
  };
}

async function waitFor(check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

/** One walk: Home loaded, then each page of CACHE_PAGES by its nav link. */
async function walkOnce(browser, portalUrl, cookie) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(cookieObjects(cookie, portalUrl));
    await context.addInitScript(frameWatcher, FIGURE_SELECTOR);
    const tab = await context.newPage();
    const gate = moneyGate(tab);
    await gate.start();
    await tab.goto(`${portalUrl}${CACHE_START.path}`, { waitUntil: "networkidle" });
    if (new URL(tab.url()).pathname !== CACHE_START.path)
      throw new BenchError(`${CACHE_START.path} ended at ${new URL(tab.url()).pathname}`);
    const figure = tab.locator(FIGURE_SELECTOR).first();
    const homeShows = await tab
      .waitForFunction((selector) => /\d/.test(document.querySelector(selector)?.textContent ?? ""), FIGURE_SELECTOR, {
        polling: 100,
        timeout: 30_000,
      })
      .then(
        () => true,
        () => false,
      );
    if (!homeShows) throw new BenchError("the home page shows no available figure for the bench user");
    const documentId = await tab.evaluate(() => window.__benchDocument);
    const samples = {};
    for (const page of CACHE_PAGES) {
      gate.hold();
      const frameCount = await tab.evaluate(() => window.__benchFrames.length);
      await tab.locator(`nav a[href="${page.path}"]`).filter({ visible: true }).first().click();
      const moved = await tab
        .waitForURL((url) => url.pathname === page.path, { timeout: URL_WAIT_MS })
        .then(
          () => true,
          () => false,
        );
      if (!moved) {
        await gate.release(page.bump);
        samples[page.name] = { met: false, why: "the address did not change while the money request was held" };
        break;
      }
      // A few frames at the new address, then the first that shows the new page.
      await tab
        .waitForFunction(
          ({ path, from }) => window.__benchFrames.slice(from).some((f) => f.path === path),
          { path: page.path, from: frameCount },
          { polling: 50, timeout: 5_000 },
        )
        .catch(() => undefined);
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const asked = await waitFor(() => gate.held.length > 0, ASK_WAIT_MS);
      // What was shown while the page's money request was still held.
      const frames = await tab.evaluate((from) => window.__benchFrames.slice(from), frameCount);
      const first = firstFrameAt(frames, page.path) ?? { text: "", at: null };
      const sameDocument = (await tab.evaluate(() => window.__benchDocument)) === documentId;
      const bumped = await gate.release(page.bump);
      const refreshed =
        asked &&
        bumped &&
        (await tab
          .waitForFunction(
            ({ selector, before }) => {
              const text = (document.querySelector(selector)?.textContent ?? "").trim();
              return /\d/.test(text) && text !== before;
            },
            { selector: FIGURE_SELECTOR, before: first.text },
            { polling: 50, timeout: REFRESH_WAIT_MS },
          )
          .then(
            () => true,
            () => false,
          ));
      const after = ((await figure.textContent().catch(() => "")) ?? "").trim();
      const firstFrame = showsFigure(first.text);
      const why = [
        sameDocument ? "" : "the click loaded a new document",
        firstFrame ? "" : "no figure in the first frame",
        asked ? "" : `no money request within ${ASK_WAIT_MS / 1000} s`,
        !asked || bumped ? "" : "the money answer had no figure",
        refreshed || !asked || !bumped ? "" : "the figure did not change to the refreshed answer",
      ].filter(Boolean);
      samples[page.name] = {
        met: sameDocument && firstFrame && refreshed,
        firstFrame: sameDocument && firstFrame,
        refreshed,
        firstText: first.text,
        afterText: after,
        heldFigureAfterMs: figureAfterMs(frames, first),
        ...(why.length > 0 && { why: why.join(", ") }),
      };
    }
    return samples;
  } finally {
    await context.close();
  }
}

/** Counts over the runs, per page, and the reasons a run missed. */
export function cacheFigures(walks) {
  return Object.fromEntries(
    CACHE_PAGES.map((page) => {
      const samples = walks.map((walk) => walk[page.name] ?? { met: false, why: "not reached" });
      const reasons = [...new Set(samples.map((s) => s.why).filter(Boolean))];
      return [
        page.name,
        {
          runs: samples.length,
          met: samples.filter((s) => s.met).length,
          firstFrame: samples.filter((s) => s.firstFrame).length,
          refreshed: samples.filter((s) => s.refreshed).length,
          ...(reasons.length > 0 && { why: reasons.join("; ") }),
          samples,
        },
      ];
    }),
  );
}

export async function measureCachedBalance({ portalUrl, cookie, runs, say }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const walks = [];
    for (let run = 1; run <= runs; run++) {
      const walk = await walkOnce(browser, portalUrl, cookie);
      walks.push(walk);
      say?.(
        `  cache run ${run}: ${CACHE_PAGES.map((p) => `${p.name} ${walk[p.name]?.met ? "met" : `missed (${walk[p.name]?.why ?? "not reached"})`}`).join(", ")}`,
      );
    }
    return { runs, pages: cacheFigures(walks) };
  } finally {
    await browser.close();
  }
}
