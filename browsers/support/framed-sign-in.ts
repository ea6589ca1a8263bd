import { expect } from "vitest";
import type { Flow } from "./flow";
import type { BrowserPage } from "./page";
import { alice, chooseTab, expectGreeting } from "./person";
import type { Intranet } from "./stacks";

// The portal inside an intranet page of another site (e2e/support/frame-host.ts),
// as each engine treats the cookies of a cross-site frame.

/** How an engine treats the portal inside an intranet page of another site. */
export type FrameBehaviour =
  /** Keeps the portal's partitioned cookies in the frame: signing in there works. */
  | "signs in inside the frame"
  /**
   * Refuses the frame's cookies: the frame offers a tab of its own, where
   * signing in works and brings the person to the portal signed in.
   */
  | "signs in in a new tab"
  /**
   * Refuses the frame's cookies, and Secure cookies from an http:// page at
   * the top too: the frame offers a tab of its own, and that tab's sign-in
   * page says in plain words that this browser cannot stay signed in.
   */
  | "says it cannot keep the sign-in";

/** The portal in the intranet page's frame, as `behaviour` says this engine treats it. */
export async function framedSignIn(
  f: Flow,
  framed: BrowserPage,
  intranet: Intranet,
  behaviour: FrameBehaviour,
): Promise<void> {
  const { driver } = framed;
  const enterFrame = async () => {
    const frame = await driver.element(() => document.querySelector("iframe"));
    if (!frame) throw new Error("the intranet page has no frame");
    await driver.enterFrame(frame);
  };
  await f.step("open the intranet page", async () => {
    await framed.goto(intranet.host.url);
    await enterFrame();
    await framed.getByRole("heading", { name: "Sign in" }).expectVisible();
  });
  if (behaviour === "signs in inside the frame") {
    await f.step("sign in by PIN inside the frame", async () => {
      await chooseTab(framed, "PIN");
      await framed.getByLabel("PIN", { exact: true }).fill(alice.pin);
      await framed.getByRole("tabpanel").getByRole("button", { name: "Sign in" }).click();
      await expectGreeting(framed, alice.fullName);
    });
    await f.step("the sections work inside the frame", async () => {
      await framed.getByRole("navigation").getByRole("link", { name: "Reports" }).click();
      await framed.getByRole("heading", { level: 1, name: "Reports" }).expectVisible();
    });
    await f.step("a reload of the intranet page keeps the session", async () => {
      await framed.collectPageErrors();
      await driver.leaveFrame();
      await driver.goto(intranet.host.url);
      await enterFrame();
      await expectGreeting(framed, alice.fullName);
    });
    return;
  }
  const opened = await f.step("the frame says the browser keeps the person from signing in there", async () => {
    const notice = framed.getByRole("alert").filter("Open the portal in a new tab");
    await notice.expectVisible();
    await framed.getByRole("tabpanel").expectCount(0);
    await framed.collectPageErrors();
    const before = await driver.tabs();
    await notice.getByRole("link", { name: "Open in a new tab" }).click();
    return before;
  });
  await f.step("the new tab is the portal's own sign-in page", async () => {
    await driver.leaveFrame();
    let tab: string | undefined;
    await framed.waitFor(
      async () => (tab = (await driver.tabs()).find((candidate) => !opened.includes(candidate))) !== undefined,
      "no new tab opened",
    );
    await driver.switchToTab(tab ?? "");
    await framed.waitForUrl((url) => url.pathname === "/sign-in", "the portal's sign-in page");
    await framed.getByRole("heading", { name: "Sign in" }).expectVisible();
    expect((await framed.url()).searchParams.get("embed")).toBeNull();
  });
  if (behaviour === "signs in in a new tab") {
    await f.step("sign in there by PIN and arrive signed in", async () => {
      await chooseTab(framed, "PIN");
      await framed.getByLabel("PIN", { exact: true }).fill(alice.pin);
      await framed.getByRole("tabpanel").getByRole("button", { name: "Sign in" }).click();
      await expectGreeting(framed, alice.fullName);
    });
    return;
  }
  await f.step("it says in plain words that this browser cannot stay signed in", async () => {
    await framed.getByRole("alert").filter("does not keep the portal's cookies").expectVisible();
    await framed.getByRole("tabpanel").expectCount(0);
  });
}
