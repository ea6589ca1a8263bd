import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Builder, type WebDriver, type WebElement } from "selenium-webdriver";
import { freePort } from "../../scripts/lib/free-port.mjs";
import type { Driver, ElementRef, PageFunction, RunTrust } from "./driver";

// WebKitGTK, Safari's engine: WebKitWebDriver starts the MiniBrowser, which has
// no headless mode (the suite runs under xvfb-run). MiniBrowser reads its
// download folder from the XDG user dirs and its GTK style from
// XDG_CONFIG_HOME: both point into the run's own folder, so downloads land
// there and the toolbar lets the window shrink to a phone's width.
// WebKitGTK trusts the system's CA bundle only (GnuTLS, no store of its own):
// the driver runs in a mount namespace of its own where that bundle also holds
// the run's CA, as a machine an organisation rolls out trusts its own CA.

/** Debian's MiniBrowser, under the machine's own multiarch folder (x86_64-linux-gnu, aarch64-linux-gnu, ...). */
function debianMiniBrowser(): string {
  const found = readdirSync("/usr/lib")
    .filter((entry) => entry.endsWith("-linux-gnu"))
    .flatMap((arch) => ["webkit2gtk-4.1", "webkit2gtk-4.0"].map((api) => join("/usr/lib", arch, api, "MiniBrowser")))
    .find((path) => existsSync(path));
  if (!found) throw new Error("no MiniBrowser under /usr/lib/*-linux-gnu: apt-get install webkit2gtk-driver");
  return found;
}

/** Writes the XDG config MiniBrowser reads: its download folder and a toolbar that may shrink. */
function xdgConfig(home: string, downloadDir: string): string {
  const config = join(home, "config");
  mkdirSync(join(config, "gtk-3.0"), { recursive: true });
  writeFileSync(join(config, "user-dirs.dirs"), `XDG_DOWNLOAD_DIR="${downloadDir}"\n`);
  writeFileSync(join(config, "gtk-3.0", "gtk.css"), "* { min-width: 0; padding-left: 0; padding-right: 0; }\n");
  return config;
}

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`WebKitWebDriver did not answer at ${url} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Where Debian's GnuTLS reads the system's trusted CAs. */
const systemBundle = "/etc/ssl/certs/ca-certificates.crt";

/** The system's CAs and the run's own, in one bundle. */
function bundleTrusting(workDir: string, caFile: string): string {
  const bundle = join(workDir, "ca-certificates.crt");
  writeFileSync(bundle, `${readFileSync(systemBundle, "utf8")}\n${readFileSync(caFile, "utf8")}`);
  return bundle;
}

export async function openWebKit(workDir: string, trust: RunTrust): Promise<Driver> {
  const downloadDir = join(workDir, "downloads");
  mkdirSync(downloadDir, { recursive: true });
  const port = await freePort();
  // unshare execs sh, which execs the driver: the child is WebKitWebDriver itself.
  const server = spawn(
    "unshare",
    [
      "--user",
      "--map-root-user",
      "--mount",
      "sh",
      "-c",
      `mount --bind "$0" ${systemBundle} && exec WebKitWebDriver "$@"`,
      bundleTrusting(workDir, trust.caFile),
      `--port=${port}`,
      "--host=127.0.0.1",
    ],
    {
      env: { ...process.env, XDG_CONFIG_HOME: xdgConfig(workDir, downloadDir), HOME: workDir },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let driverErrors = "";
  server.stderr.on("data", (chunk: Buffer) => {
    driverErrors = (driverErrors + chunk.toString()).slice(-2000);
  });
  const serverUrl = `http://127.0.0.1:${port}`;
  let web: WebDriver;
  try {
    await waitForServer(serverUrl, 30_000);
    web = await new Builder()
      .usingServer(serverUrl)
      .withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": {
          binary: process.env.MINIBROWSER_PATH ?? debianMiniBrowser(),
          args: ["--automation"],
        },
      })
      .build();
  } catch (error) {
    server.kill();
    // Says why the driver did not start (unshare refused, no WebKitWebDriver), not only that it did not answer.
    const why = driverErrors.trim().split("\n").at(-1);
    throw why ? new Error(`${error instanceof Error ? error.message : String(error)} (${why})`) : error;
  }
  const version = (await web.getCapabilities()).get("browserVersion") as string;
  const call = (fn: PageFunction) => `return (${fn.toString()}).apply(null, arguments);`;
  return {
    name: `WebKitGTK ${version}`,
    downloadDir,
    nativeErrors: [],
    // WebKitWebDriver offers no log endpoint and MiniBrowser prints nothing under automation.
    seesConsole: false,
    goto: async (url) => {
      await web.get(url);
    },
    currentUrl: () => web.getCurrentUrl(),
    evaluate: (fn, ...args) => web.executeScript(call(fn), ...args),
    element: async (fn, ...args) => ((await web.executeScript(call(fn), ...args)) as ElementRef | null) ?? null,
    inject: async (source) => {
      await web.executeScript(source);
    },
    click: (element) => (element as unknown as WebElement).click(),
    type: (element, text) => (element as unknown as WebElement).sendKeys(text),
    // WebDriver's way to fill a file input: its paths as keys, one a line.
    chooseFiles: (input, paths) => (input as unknown as WebElement).sendKeys(paths.join("\n")),
    setViewport: async (width, height) => {
      // The window's frame and toolbar are not part of the page: the window is
      // sized so the page gets the width, measured again until it has it (a
      // resize lands a moment after WebDriver answers).
      const window = web.manage().window();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const rect = await window.getRect();
        const [innerWidth, innerHeight] = (await web.executeScript(
          "return [window.innerWidth, window.innerHeight];",
        )) as number[];
        if (innerWidth === width && innerHeight === height) return;
        const frameWidth = Math.max(0, rect.width - (innerWidth ?? rect.width));
        const frameHeight = Math.max(0, rect.height - (innerHeight ?? rect.height));
        await window.setRect({ width: width + frameWidth, height: height + frameHeight });
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    },
    screenshot: async (file) => {
      await web.switchTo().defaultContent();
      writeFileSync(file, await web.takeScreenshot(), "base64");
    },
    enterFrame: (frame) => web.switchTo().frame(frame as unknown as WebElement),
    leaveFrame: () => web.switchTo().defaultContent(),
    clearCookies: () => web.manage().deleteAllCookies(),
    tabs: () => web.getAllWindowHandles(),
    switchToTab: (tab) => web.switchTo().window(tab),
    quit: async () => {
      await web.quit().catch(() => undefined);
      server.kill();
    },
  };
}
