import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { Driver } from "./support/driver";
import { Flow } from "./support/flow";
import { pdfBytes } from "../e2e/files-samples";
import { phoneProblems } from "../e2e/pages/phone-layout";
import { asEvaluator } from "./support/as-evaluator";
import { BrowserPage } from "./support/page";
import { framedSignIn, type FrameBehaviour } from "./support/framed-sign-in";
import {
  alice,
  bob,
  carol,
  chooseTab,
  downloaded,
  expectGreeting,
  postSignIn,
  signInElsewhere,
  signInWithPin,
  signOut,
} from "./support/person";
import { startEngineStacks, strangerSite, type EngineStacks } from "./support/stacks";
import type { RunTrust } from "./support/driver";
import { throwawayTls } from "../e2e/support/throwaway-tls";

// The person-facing flows of the portal, run the same way in each engine the
// portal must serve besides Chromium (webkit.test.ts, firefox.test.ts). The
// words are the Playwright page objects' (e2e/pages/**): roles and visible
// names only, so the flows read as what a person sees.

/** Each engine's whole run, stacks included, stays under this: a hung browser must not hold up `npm test`. */
const runLimitMs = 8 * 60_000;

export interface Engine {
  /** The name the suite and its failures use. */
  label: string;
  /** Starts the browser, trusting the run's https:// portal the way that engine can (support/driver.ts). */
  open(workDir: string, trust: RunTrust): Promise<Driver>;
  /** In the frame of a portal on plain http://localhost (allowed for trying it out). */
  frameOverHttp: FrameBehaviour;
  /** In the frame of a portal on https://, as docs/administrators.md asks for embedding. */
  frameOverHttps: FrameBehaviour;
}

export function engineFlows(engine: Engine): void {
  describe(engine.label, () => {
    let stacks: EngineStacks;
    let driver: Driver;
    let page: BrowserPage;
    let workDir: string;

    let deadline = Infinity;
    let setupError: string | undefined;

    beforeAll(async () => {
      deadline = Date.now() + runLimitMs;
      workDir = mkdtempSync(join(tmpdir(), `print-portal-${engine.label.toLowerCase().replace(/\W+/g, "-")}-`));
      const tls = throwawayTls();
      const trust: RunTrust = {
        caFile: join(workDir, "run-ca.pem"),
        certificateFile: join(workDir, "portal-certificate.pem"),
        host: "localhost",
      };
      writeFileSync(trust.caFile, tls.caPem);
      writeFileSync(trust.certificateFile, tls.certPem);
      // Both are kept even when the other fails, so afterAll stops whatever did start.
      const [started, opened] = await Promise.allSettled([startEngineStacks(tls), engine.open(workDir, trust)]);
      if (started.status === "fulfilled") stacks = started.value;
      if (opened.status === "fulfilled") driver = opened.value;
      const failure = [started, opened].find((result) => result.status === "rejected");
      // Each flow reports it, naming the browser: vitest's report keeps no message for a failed hook.
      if (failure) setupError = String(failure.reason instanceof Error ? failure.reason.message : failure.reason);
      else page = new BrowserPage(driver, stacks.main.portalUrl);
    }, 300_000);

    afterAll(async () => {
      await driver?.quit();
      await stacks?.close();
      if (workDir) rmSync(workDir, { recursive: true, force: true });
    }, 60_000);

    /** A flow of its own: a new visitor at desktop size, and no console error by its end. */
    function flow(title: string, run: (flow: Flow) => Promise<void>, timeoutMs = 150_000): void {
      test(
        title,
        async () => {
          if (setupError !== undefined) {
            throw new Error(
              `${engine.label} > ${title} > start the browser and the servers: ${setupError.split("\n")[0]}`,
            );
          }
          if (Date.now() > deadline) {
            throw new Error(
              `${driver.name} > ${title}: not run, the engine's flows took over ${runLimitMs / 60_000} minutes`,
            );
          }
          const steps = new Flow(driver, title);
          await steps.step("start as a new visitor", async () => {
            await driver.leaveFrame();
            const [first] = await driver.tabs();
            if (first) await driver.switchToTab(first);
            await driver.setViewport(1280, 900);
            page = new BrowserPage(driver, stacks.main.portalUrl);
            await page.goto("/sign-in");
            await driver.clearCookies();
          });
          await run(steps);
          await page.collectPageErrors();
        },
        timeoutMs,
      );
    }

    // The portal's pages (and the intranet page framing it) only: the print
    // server's own sign-in page (MyQ's, in production) is not the portal's to fix.
    afterEach(() => {
      if (setupError !== undefined) return;
      const portals = [stacks.main, stacks.framed.stack, stacks.framedHttps.stack].map((stack) => stack.portalUrl);
      portals.push(
        stacks.framed.portalUrl,
        stacks.framedHttps.portalUrl,
        stacks.framed.host.url,
        stacks.framedHttps.host.url,
      );
      const errors = [...driver.nativeErrors.splice(0), ...page.pageErrors.splice(0)].filter((error) =>
        portals.some((portal) => error.startsWith(portal)),
      );
      expect(errors, `${driver.name}: errors in the browser console`).toEqual([]);
    });

    flow("sign in by PIN: home with the available figure, then sign out", async (f) => {
      await f.step("sign in by PIN", () => signInWithPin(page, alice.pin));
      await f.step("home greets alice", () => expectGreeting(page, alice.fullName));
      await f.step("home shows what she has available to print", () =>
        page.getByRole("group", { name: "Available to print" }).expectText("€25.50"),
      );
      await f.step("sign out", () => signOut(page, alice.fullName));
      await f.step("the sign-in page says so", () => page.getByRole("main").expectText("signed out"));
    });

    flow("sign in by user name and password", async (f) => {
      await f.step("open the sign-in page", () => page.goto("/sign-in"));
      await f.step("choose the password tab", () => chooseTab(page, "User name and password"));
      await f.step("type the user name and password", async () => {
        await page.getByLabel("User name", { exact: true }).fill(alice.username);
        await page.getByLabel("Password", { exact: true }).fill(alice.password);
      });
      await f.step("sign in", () => page.getByRole("tabpanel").getByRole("button", { name: "Sign in" }).click());
      await f.step("home greets alice", () => expectGreeting(page, alice.fullName));
      await f.step("sign out", () => signOut(page, alice.fullName));
    });

    flow("sign in by single sign-on on the print server's page", async (f) => {
      await f.step("open the sign-in page", () => page.goto("/sign-in?callbackUrl=%2Freports"));
      await f.step("follow Single sign-on", () => page.getByRole("link", { name: "Single sign-on" }).click());
      await f.step("the print server's page asks", async () => {
        const portal = new URL(stacks.main.portalUrl).origin;
        await page.waitForUrl((url) => url.origin !== portal, "the print server's page");
        await page.getByRole("heading", { level: 1, name: "Sign in" }).expectVisible();
      });
      await f.step("sign in there by user name and PIN", async () => {
        // The print server takes a PIN only with the user name it belongs to.
        const form = page.getByRole("form", { name: "With your user name and PIN" });
        await form.getByLabel("User name", { exact: true }).fill(alice.username);
        await form.getByLabel("PIN", { exact: true }).fill(alice.pin);
        await form.getByRole("button", { name: "Sign in with PIN" }).click();
      });
      await f.step("back at the page first asked for, signed in", async () => {
        await page.getByRole("heading", { level: 1, name: "Reports" }).expectVisible();
        expect((await page.url()).origin).toBe(new URL(stacks.main.portalUrl).origin);
      });
      await f.step("sign out", () => signOut(page, alice.fullName));
    });

    flow("jobs: favourite, select, release at a printer, delete", async (f) => {
      const waiting = page.getByRole("region", { name: "Waiting to print" });
      const favourites = page.getByRole("region", { name: "Favourites" });
      await f.step("sign in to the Jobs page", () => signInWithPin(page, alice.pin, "/jobs"));
      await f.step("mark Quarterly report.pdf a favourite", async () => {
        await waiting
          .getByRole("group", { name: "Quarterly report.pdf" })
          .getByRole("button", { name: "Mark favourite" })
          .click();
        await favourites.getByRole("group", { name: "Quarterly report.pdf" }).expectVisible();
      });
      await f.step("select Boarding pass.pdf", async () => {
        await waiting
          .getByRole("group", { name: "Boarding pass.pdf" })
          .getByRole("checkbox", { name: "Boarding pass.pdf" })
          .click();
        await page.getByRole("region", { name: "Selected jobs" }).expectText(/1 job/);
      });
      await f.step("choose Reception", async () => {
        await page.getByLabel("Search printers by name or location").fill("Reception");
        await page.getByRole("radio", { name: /^Reception\b/ }).click();
      });
      await f.step("release and confirm", async () => {
        await page.getByRole("region", { name: "Selected jobs" }).getByRole("button", { name: "Release" }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Print now" }).click();
        await page.getByRole("alertdialog").expectCount(0);
      });
      await f.step("the job is printed and leaves the waiting list", async () => {
        await page
          .getByRole("region", { name: "Sent to the printer" })
          .getByRole("listitem")
          .filter("Boarding pass.pdf")
          .expectText("Printed", 60_000);
        await waiting.getByRole("group", { name: "Boarding pass.pdf" }).expectCount(0);
      });
      await f.step("delete Team photo.jpg after the confirmation that names it", async () => {
        await waiting.getByRole("group", { name: "Team photo.jpg" }).getByRole("button", { name: "Delete" }).click();
        const dialog = page.getByRole("alertdialog", { name: "Delete this job?" });
        await dialog.expectText("Team photo.jpg");
        await dialog.getByRole("button", { name: "Delete" }).click();
        await waiting.getByRole("group", { name: "Team photo.jpg" }).expectCount(0);
      });
      await f.step("after a reload the favourite stays and the deleted job is gone", async () => {
        await page.goto("/jobs");
        await favourites.getByRole("group", { name: "Quarterly report.pdf" }).expectVisible();
        await waiting.getByRole("group", { name: "Quarterly report.pdf" }).expectVisible();
        await page.getByText("Team photo.jpg").expectCount(0);
      });
    });

    flow(
      "reports: run a CSV report, watch it get ready, download it",
      async (f) => {
        await f.step("sign in to the Reports page", () => signInWithPin(page, alice.pin, "/reports"));
        await f.step("run My monthly summary as CSV", async () => {
          const row = page.getByRole("group", { name: "My monthly summary" });
          await row.getByLabel("Format").selectOption("CSV");
          await row.getByRole("button", { name: "Run" }).click();
        });
        const entry = page.getByRole("list", { name: "Recent reports" }).getByRole("listitem");
        await f.step("the entry says Running, then Ready", async () => {
          await entry.expectVisible();
          await entry.expectText("Ready", 90_000);
        });
        await f.step("download it: a CSV file of the summary's columns", async () => {
          await entry.getByRole("link", { name: "Download" }).click();
          const { file, bytes } = await downloaded(page, driver.downloadDir, /^my-monthly-summary-.*\.csv$/);
          expect(file).toMatch(/^my-monthly-summary-\d{4}-\d{2}-\d{2}\.csv$/);
          const lines = bytes.toString("utf8").trim().split(/\r?\n/);
          expect(lines[0]).toBe("Month,Jobs,Pages,Colour pages,Mono pages,Cost,Duplex pages");
          expect(lines.length).toBeGreaterThan(1);
          for (const line of lines.slice(1)) expect(line).toMatch(/^\d{4}-\d{2},\d+,\d+,\d+,\d+,\d+\.\d{2},\d+$/);
        });
      },
      180_000,
    );

    flow("add credit with a voucher and find the statement line", async (f) => {
      await f.step("sign in to the Credit page", () => signInWithPin(page, alice.pin, "/credit"));
      const figure = page.getByRole("group", { name: "Available to print" });
      const money = (text: string) => Number(text.replace(/[^\d.]/g, ""));
      const before = await f.step("read what she has available", async () => {
        await figure.expectText(/€\d+\.\d\d/);
        return money(await figure.text());
      });
      const after = `€${(before + 10).toFixed(2)}`;
      const voucher = page.getByRole("region", { name: "Add credit", exact: true });
      await f.step("redeem the 10 EUR voucher", async () => {
        await voucher.getByLabel("Voucher code").fill("voucher-10");
        await voucher.getByRole("button", { name: "Add credit" }).click();
      });
      await f.step("the page says what was added", () =>
        voucher.getByRole("status").expectText(`€10.00 added. Your balance is now ${after}.`),
      );
      await f.step("the statement has the line", () =>
        page
          .getByRole("region", { name: "Statement", exact: true })
          .getByRole("table", { name: "Credit statement, newest first" })
          .getByRole("row")
          .filter("+€10.00")
          .expectText("Top-up"),
      );
      await f.step("home shows the new figure", async () => {
        await page.goto("/");
        await figure.expectText(after);
      });
    });

    flow("files: upload a PDF, its pages, preview and delete; download a scan", async (f) => {
      const id = randomBytes(3).toString("hex");
      const name = `Minutes ${id}.pdf`;
      const file = join(workDir, name);
      writeFileSync(file, pdfBytes(2));
      const myFiles = page.getByRole("region", { name: "My files" });
      const entry = myFiles.getByRole("listitem").filter(name);
      await f.step("sign in", () => signInWithPin(page, alice.pin));
      await f.step("open Files from the navigation", async () => {
        await page.getByRole("navigation").getByRole("link", { name: "Files" }).click();
        await page.getByRole("heading", { level: 1, name: "Files" }).expectVisible();
        await myFiles.expectVisible();
      });
      await f.step(`choose ${name} with Choose files`, () => page.getByLabel("Choose files").chooseFiles([file]));
      await f.step("the upload says it is done", () =>
        page.getByRole("list", { name: "Uploads" }).expectText(`${name} is uploaded.`),
      );
      await f.step("My files lists it with its 2 pages and when it is removed", async () => {
        await entry.expectText("2 pages");
        await entry.expectText(/Removed /);
      });
      await f.step("Preview shows its first page", async () => {
        await entry.getByRole("button", { name: "Preview" }).click();
        const image = entry.getByRole("img", { name: `First page of ${name}` });
        await page.waitFor(
          async () =>
            (await driver.evaluate<number>((img: HTMLImageElement) => img.naturalWidth, await image.element())) > 100,
          `${image.description} shows no picture`,
        );
      });
      await f.step("Delete removes it, and says so", async () => {
        await entry.getByRole("button", { name: "Delete" }).click();
        await page.getByRole("status").filter(`${name} is deleted.`).expectVisible();
        await entry.expectCount(0);
      });
      await f.step("after a reload it stays gone", async () => {
        await page.goto("/files");
        await myFiles.expectText("No files yet.");
        await page.getByText(name).expectCount(0);
      });

      const scanName = `Scan ${id}.pdf`;
      const scan = pdfBytes(1);
      const scanEntry = page.getByRole("region", { name: "My scans" }).getByRole("listitem").filter(scanName);
      await f.step("a scan arrives through the storage adapter, and the open page says so", async () => {
        const answer = await fetch(`${stacks.adapter.url}/files/alice/${encodeURIComponent(`scans/${scanName}`)}`, {
          method: "POST",
          headers: { authorization: stacks.adapter.authorization, "content-type": "application/octet-stream" },
          body: new Uint8Array(scan),
        });
        expect(answer.status, "the adapter's answer to MyQ").toBe(201);
        await page.getByRole("status").filter(`A new scan arrived: ${scanName}`).expectVisible(30_000);
        await scanEntry.expectText(/Scanned /);
      });
      await f.step("Download saves it byte for byte", async () => {
        await scanEntry.getByRole("link", { name: "Download" }).click();
        const { bytes } = await downloaded(page, driver.downloadDir, new RegExp(`^Scan ${id}.*\\.pdf$`));
        expect(bytes.equals(scan), "the downloaded scan is the one delivered").toBe(true);
      });
      await f.step("Delete removes the scan", async () => {
        await scanEntry.getByRole("button", { name: "Delete" }).click();
        await scanEntry.expectCount(0);
      });
    });

    flow("profile: a new PIN, and signing in with it", async (f) => {
      await f.step("sign in to the profile page", () => signInWithPin(page, bob.pin, "/profile"));
      await f.step("the profile shows his details", () =>
        page.getByRole("heading", { level: 1, name: "Profile and PIN" }).expectVisible(),
      );
      const section = page.getByRole("region", { name: "PIN", exact: true });
      const newPin = await f.step("ask for a new PIN, confirming with his password", async () => {
        await section.getByRole("button", { name: "Get a new PIN" }).click();
        await section.getByLabel("Password", { exact: true }).fill(bob.password);
        await section.getByRole("button", { name: "Confirm and get a new PIN" }).click();
        const shown = section.getByText(/^\d{6}$/);
        await shown.expectVisible();
        return (await shown.text()).trim();
      });
      await f.step("the new PIN is another", () => Promise.resolve(expect(newPin).not.toBe(bob.pin)));
      await f.step("Done hides it", async () => {
        await section.getByRole("button", { name: "Done" }).click();
        await section.getByText(/^\d{6}$/).expectCount(0);
      });
      await f.step("sign out", () => signOut(page, bob.fullName));
      await f.step("sign in with the new PIN", () => signInWithPin(page, newPin));
      await f.step("home greets bob", () => expectGreeting(page, bob.fullName));
    });

    flow("devices and sign-ins: this browser, a refused attempt by name, signing another browser out", async (f) => {
      const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
      await f.step("a wrong password for alice in this browser is refused", async () => {
        await page.goto("/sign-in");
        await chooseTab(page, "User name and password");
        await page.getByLabel("User name", { exact: true }).fill(alice.username);
        await page.getByLabel("Password", { exact: true }).fill("not-her-password");
        await page.getByRole("tabpanel").getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("alert").expectVisible();
      });
      const otherCookies = await f.step("alice signs in on another computer", () =>
        signInElsewhere(stacks.main.portalUrl, firefoxOnWindows, alice.username, alice.password),
      );
      await f.step("sign in by PIN here", () => signInWithPin(page, alice.pin));
      await f.step("open Devices and sign-ins from the user menu", async () => {
        await page.getByRole("button", { name: alice.fullName }).click();
        await page.getByRole("link", { name: "Devices and sign-ins" }).click();
        await page.getByRole("heading", { level: 1, name: "Devices and sign-ins" }).expectVisible();
      });
      const sessions = page.getByRole("region", { name: "Signed in now" }).getByRole("listitem");
      const here = await f.step("this browser is marked, with its name", async () => {
        const card = sessions.filter("This device");
        await card.expectCount(1);
        // The heading is the browser's name with the "This device" mark.
        return (await card.getByRole("heading", { level: 3 }).text()).replace("This device", "").trim();
      });
      await f.step("the refused attempt names this browser", () =>
        page
          .getByRole("region", { name: "Sign-in attempts in the last 30 days" })
          .getByRole("listitem")
          .filter("Refused: the user name, PIN or password was wrong")
          .expectText(`How: User name and password · ${here}`),
      );
      await f.step("sign the other computer out", async () => {
        await sessions.filter("Firefox on Windows").expectCount(1);
        await page.getByRole("button", { name: "Sign out Firefox on Windows" }).click();
        await page.getByRole("status").filter("Firefox on Windows is signed out.").expectVisible();
        await sessions.filter("Firefox on Windows").expectCount(0);
        await sessions.filter("This device").expectCount(1);
      });
      await f.step("the other computer is signed out", async () => {
        const answer = await fetch(`${stacks.main.portalUrl}/api/me`, {
          headers: { cookie: otherCookies, "user-agent": firefoxOnWindows },
        });
        expect(answer.status, "the signed-out computer's next request").toBe(401);
      });
      await f.step("sign out", () => signOut(page, alice.fullName));
    });

    flow("a 390 px window: nothing sideways, thumb-sized controls, the navigation within reach", async (f) => {
      await f.step("size the window to a phone's 390 px", async () => {
        await driver.setViewport(390, 844);
        await page.goto("/sign-in");
        const width = await driver.evaluate<number>(() => document.documentElement.clientWidth);
        // A classic scrollbar (Firefox headless) takes its width from the page.
        expect(width).toBeGreaterThanOrEqual(370);
        expect(width).toBeLessThanOrEqual(390);
      });
      await f.step("sign in", () => signInWithPin(page, alice.pin));
      for (const [path, heading] of [
        ["/", `Hello, ${alice.fullName}`],
        ["/jobs", "Jobs"],
        ["/reports", "Reports"],
        ["/credit", "Credit"],
        ["/profile", "Profile and PIN"],
      ] as const) {
        await f.step(`${path} fits the width`, async () => {
          await page.goto(path);
          await page.getByRole("heading", { level: 1, name: heading }).expectVisible();
          // The Playwright phone checks (e2e/pages/phone-layout.ts), run in this engine: nothing wider than
          // the window, no control smaller than a thumb.
          expect(await phoneProblems(asEvaluator(driver)), `${path} at 390 px`).toEqual([]);
        });
      }
      await f.step("the navigation leads to Jobs", async () => {
        await page.goto("/");
        await page.getByRole("navigation").getByRole("link", { name: "Jobs" }).click();
        await page.getByRole("heading", { level: 1, name: "Jobs" }).expectVisible();
      });
    });

    flow(
      "a stranger's wrong passwords for carol: her sign-in asks for the browser check, which solves itself",
      async (f) => {
        await f.step("a stranger tries three wrong passwords for carol", async () => {
          for (let attempt = 1; attempt <= 3; attempt += 1) {
            const answer = await postSignIn(stacks.main.portalUrl, "curl/8.5.0", carol.username, `guess-${attempt}`);
            const location = new URL(answer.headers.get("location") ?? "", stacks.main.portalUrl);
            expect(location.searchParams.get("signInError"), `the stranger's attempt ${attempt}`).toBe(
              "invalid_credentials",
            );
          }
        });
        const signIn = async () => {
          await page.getByLabel("User name", { exact: true }).fill(carol.username);
          await page.getByLabel("Password", { exact: true }).fill(carol.password);
          await page.getByRole("tabpanel").getByRole("button", { name: "Sign in" }).click();
        };
        await f.step("carol signs in with her password", async () => {
          await page.goto("/sign-in");
          await chooseTab(page, "User name and password");
          await signIn();
        });
        await f.step("she is asked for the browser check, not stopped", () =>
          page.getByRole("main").getByRole("alert").expectText("Too many attempts were made."),
        );
        await f.step("the browser check solves itself", () =>
          page.getByRole("tabpanel").getByRole("checkbox", { name: "Browser checked" }).expectVisible(60_000),
        );
        await f.step("she signs in", signIn);
        await f.step("home greets carol", () => expectGreeting(page, carol.fullName));
        await f.step("sign out", () => signOut(page, carol.fullName));
      },
    );

    flow("the browser still refuses a certificate the run does not trust", async (f) => {
      // A page on the same host name as the https:// portal, behind a certificate of another, unknown CA.
      const stranger = await strangerSite();
      try {
        const refused = await f.step("open the stranger's page", async () => {
          try {
            await driver.goto(stranger.url);
          } catch {
            return true;
          }
          // A refused navigation may leave the previous page in place: only the stranger's own page counts.
          const shown = await driver.evaluate<boolean>(
            (origin: string, title: string) => location.origin === origin && document.title === title,
            stranger.url,
            stranger.title,
          );
          return !shown;
        });
        expect(refused, `${driver.name}: a page behind an untrusted certificate loaded`).toBe(true);
      } finally {
        await stranger.close();
      }
    });

    flow(`embedded in a cross-site intranet page, over http://localhost: ${engine.frameOverHttp}`, (f) => {
      page = new BrowserPage(driver, stacks.framed.portalUrl);
      return framedSignIn(f, page, stacks.framed, engine.frameOverHttp);
    });

    // Last: a browser may remember the portal's HSTS for localhost, and the flows before use http://localhost.
    flow(`embedded in a cross-site intranet page, over https://: ${engine.frameOverHttps}`, (f) => {
      page = new BrowserPage(driver, stacks.framedHttps.portalUrl);
      return framedSignIn(f, page, stacks.framedHttps, engine.frameOverHttps);
    });
  });
}
