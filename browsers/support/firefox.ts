import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Frame, type Page } from "puppeteer-core";
import type { Driver, ElementRef, RunTrust } from "./driver";

// Firefox ESR over WebDriver BiDi: puppeteer-core starts Debian's firefox-esr
// itself (Debian ships no geckodriver). Downloads go to the run's own folder
// without asking, as a person's "save" would. The profile's own certificate
// database (NSS) trusts the run's CA, as an organisation's rolled-out profile
// trusts its own; verification stays on.

const firefoxPath = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/** A Firefox profile whose certificate database trusts `caFile` to identify web sites. */
function profileTrusting(workDir: string, caFile: string): string {
  const profile = join(workDir, "firefox-profile");
  mkdirSync(profile, { recursive: true });
  execFileSync("certutil", ["-d", `sql:${profile}`, "-N", "--empty-password"]);
  execFileSync("certutil", ["-d", `sql:${profile}`, "-A", "-t", "C,,", "-n", "Print Portal test CA", "-i", caFile]);
  return profile;
}

export async function openFirefox(workDir: string, trust: RunTrust): Promise<Driver> {
  const downloadDir = join(workDir, "downloads");
  mkdirSync(downloadDir, { recursive: true });
  const browser: Browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath,
    headless: true,
    protocolTimeout: 120_000,
    userDataDir: profileTrusting(workDir, trust.caFile),
    extraPrefsFirefox: {
      "browser.download.folderList": 2,
      "browser.download.dir": downloadDir,
      "browser.download.useDownloadDir": true,
      "browser.download.always_ask_before_handling_new_types": false,
      "browser.helperApps.neverAsk.saveToDisk": "text/csv,application/pdf,application/octet-stream",
    },
  });
  const nativeErrors: string[] = [];
  const watched = new WeakSet<Page>();
  const watch = (page: Page) => {
    if (watched.has(page)) return;
    watched.add(page);
    page.on("console", (message) => {
      if (message.type() === "error") nativeErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => nativeErrors.push(`${page.url()}: ${String(error)}`));
  };
  let page = (await browser.pages())[0] ?? (await browser.newPage());
  watch(page);
  let frame: Frame = page.mainFrame();
  let viewport = { width: 1280, height: 800 };
  // The first tab ignores a default viewport: every tab gets the one asked for.
  await page.setViewport(viewport);

  const tabs = async () => {
    const pages = await browser.pages();
    for (const open of pages) watch(open);
    return pages;
  };
  return {
    name: `Firefox ESR ${(await browser.version()).replace(/^firefox\//, "")}`,
    downloadDir,
    nativeErrors,
    seesConsole: true,
    goto: async (url) => {
      frame = page.mainFrame();
      await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    },
    currentUrl: async () => frame.url(),
    evaluate: (fn, ...args) => frame.evaluate(fn as (...a: unknown[]) => never, ...args),
    element: async (fn, ...args) => {
      const handle = await frame.evaluateHandle(fn as (...a: unknown[]) => unknown, ...args);
      const element = handle.asElement();
      if (!element) await handle.dispose();
      return (element as unknown as ElementRef) ?? null;
    },
    inject: async (source) => {
      await frame.evaluate(source);
    },
    click: (element) => (element as unknown as ElementHandle).click(),
    type: (element, text) => (element as unknown as ElementHandle).type(text),
    // Over BiDi this is input.setFiles: the input gets the files and fires input and change.
    chooseFiles: (input, paths) => (input as unknown as ElementHandle<HTMLInputElement>).uploadFile(...paths),
    setViewport: async (width, height) => {
      viewport = { width, height };
      await page.setViewport(viewport);
    },
    screenshot: async (file) => {
      writeFileSync(file, await page.screenshot());
    },
    enterFrame: async (element) => {
      const inner = await (element as unknown as ElementHandle<HTMLIFrameElement>).contentFrame();
      if (!inner) throw new Error("the element is not a frame");
      frame = inner;
    },
    leaveFrame: async () => {
      frame = page.mainFrame();
    },
    clearCookies: async () => {
      await browser.deleteCookie(...(await browser.cookies()));
    },
    tabs: async () => (await tabs()).map((_, index) => String(index)),
    switchToTab: async (tab) => {
      const open = await tabs();
      const chosen = open[Number(tab)];
      if (!chosen) throw new Error(`no tab ${tab}`);
      page = chosen;
      await page.setViewport(viewport);
      await page.bringToFront();
      frame = page.mainFrame();
    },
    quit: () => browser.close(),
  };
}
