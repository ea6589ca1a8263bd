import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Driver, ElementRef } from "./driver";

// Finding things as a person and the Playwright page objects (e2e/pages/**)
// do: by role and visible name, by label, by text. The lookup runs inside the
// page with Testing Library's queries (its accessible-name computation), so
// WebKit and Firefox answer exactly the same question. No CSS classes, no
// test ids: the suite keeps working whatever the markup becomes.

const library = readFileSync(
  createRequire(import.meta.url).resolve("@testing-library/dom/dist/@testing-library/dom.umd.min.js"),
  "utf8",
);

type Text = string | RegExp;

/** One step of a locator: narrows what the previous step found. */
export type Step =
  | { role: string; name?: Text; exact?: boolean; level?: number }
  | { label: Text; exact?: boolean }
  | { text: Text; exact?: boolean }
  | { hasText: Text };

type WireText = string | { source: string; flags: string };
const wire = (text: Text): WireText => (text instanceof RegExp ? { source: text.source, flags: text.flags } : text);

/** How a step reads in a failure message. */
function describeStep(step: Step): string {
  const show = (text: Text) => (text instanceof RegExp ? String(text) : `"${text}"`);
  if ("role" in step) return `${step.role}${step.name === undefined ? "" : ` ${show(step.name)}`}`;
  if ("label" in step) return `field labelled ${show(step.label)}`;
  if ("text" in step) return `text ${show(step.text)}`;
  return `with text ${show(step.hasText)}`;
}

export class Locator {
  constructor(
    readonly page: BrowserPage,
    readonly steps: Step[],
  ) {}

  get description(): string {
    return this.steps.map(describeStep).join(" > ");
  }

  getByRole(role: string, options: { name?: Text; exact?: boolean; level?: number } = {}): Locator {
    return new Locator(this.page, [...this.steps, { role, ...options }]);
  }

  getByLabel(label: Text, options: { exact?: boolean } = {}): Locator {
    return new Locator(this.page, [...this.steps, { label, ...options }]);
  }

  getByText(text: Text, options: { exact?: boolean } = {}): Locator {
    return new Locator(this.page, [...this.steps, { text, ...options }]);
  }

  filter(hasText: Text): Locator {
    return new Locator(this.page, [...this.steps, { hasText }]);
  }

  /** How many elements match now. */
  count(): Promise<number> {
    return this.page.query(this.steps, "count") as Promise<number>;
  }

  /** The first match, waiting for it. */
  async element(timeoutMs = this.page.timeoutMs): Promise<ElementRef> {
    let found: ElementRef | null = null;
    await this.page.waitFor(
      async () => {
        found = await this.page.elementOf(this.steps);
        return found !== null;
      },
      `no ${this.description}`,
      timeoutMs,
    );
    return found as unknown as ElementRef;
  }

  async click(): Promise<void> {
    const element = await this.element();
    // A click may leave the document, and with it what the document recorded.
    await this.page.collectPageErrors();
    await this.page.driver.click(element);
  }

  /**
   * Clicks until `done` holds: a click that lands before the page's scripts
   * have taken over does nothing. Only for clicks that may be repeated (a
   * tab, a menu's button), never for one that acts.
   */
  async clickUntil(done: () => Promise<boolean>, what: string): Promise<void> {
    await this.page.waitFor(async () => {
      await this.click();
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        if (await done()) return true;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return false;
    }, `${this.description}: clicked, but ${what}`);
  }

  /** The value of an attribute of the first match, e.g. aria-selected. */
  async attribute(name: string): Promise<string | null> {
    return this.page.driver.evaluate(
      (element: Element, attribute: string) => element.getAttribute(attribute),
      await this.element(),
      name,
    );
  }

  /** Empties the field, then types into it. */
  async fill(text: string): Promise<void> {
    const field = await this.element();
    await this.page.driver.evaluate((input: HTMLInputElement) => {
      input.focus();
      input.select();
    }, field);
    await this.page.driver.type(field, text);
  }

  /** Chooses files from disk in a file input, as a person does in the browser's file dialog. */
  async chooseFiles(paths: string[]): Promise<void> {
    await this.page.driver.chooseFiles(await this.element(), paths);
  }

  /** Chooses an option of a select by its visible text, as the change a person makes. */
  async selectOption(label: string): Promise<void> {
    const select = await this.element();
    const chosen = await this.page.driver.evaluate(
      (element: HTMLSelectElement, text: string) => {
        const option = [...element.options].find((candidate) => candidate.text.trim() === text);
        if (!option) return false;
        const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")?.set;
        setter?.call(element, option.value);
        element.dispatchEvent(new Event("input", { bubbles: true }));
        element.dispatchEvent(new Event("change", { bubbles: true }));
        return true;
      },
      select,
      label,
    );
    if (!chosen) throw new Error(`${this.description} has no option "${label}"`);
  }

  async text(): Promise<string> {
    return this.page.driver.evaluate((element: HTMLElement) => element.innerText, await this.element());
  }

  /** Waits until the first match's text matches. */
  async expectText(expected: Text, timeoutMs = this.page.timeoutMs): Promise<void> {
    let last = "";
    await this.page.waitFor(
      async () => {
        const element = await this.page.elementOf(this.steps);
        if (!element) return false;
        last = await this.page.driver.evaluate((node: HTMLElement) => node.innerText, element);
        return typeof expected === "string" ? last.includes(expected) : expected.test(last);
      },
      // On one line: a failure's message keeps its first line only.
      () =>
        `${this.description} does not say ${String(expected)} (it says "${last.replace(/\s+/g, " ").slice(0, 300)}")`,
      timeoutMs,
    );
  }

  async expectVisible(timeoutMs = this.page.timeoutMs): Promise<void> {
    await this.element(timeoutMs);
  }

  async expectCount(count: number, timeoutMs = this.page.timeoutMs): Promise<void> {
    let last = -1;
    await this.page.waitFor(
      async () => (last = await this.count()) === count,
      () => `${this.description}: ${last} found, ${count} expected`,
      timeoutMs,
    );
  }
}

/** One tab (or frame) of a browser, with the lookups the flows use. */
export class BrowserPage {
  /** What the page itself saw go wrong (errors thrown or logged after it loaded). */
  readonly pageErrors: string[] = [];

  constructor(
    readonly driver: Driver,
    readonly baseUrl: string,
    readonly timeoutMs = 20_000,
  ) {}

  getByRole(role: string, options: { name?: Text; exact?: boolean; level?: number } = {}): Locator {
    return new Locator(this, [{ role, ...options }]);
  }

  getByLabel(label: Text, options: { exact?: boolean } = {}): Locator {
    return new Locator(this, [{ label, ...options }]);
  }

  getByText(text: Text, options: { exact?: boolean } = {}): Locator {
    return new Locator(this, [{ text, ...options }]);
  }

  async goto(path: string): Promise<void> {
    await this.collectPageErrors();
    await this.driver.goto(new URL(path, this.baseUrl).href);
    await this.waitForScripts();
  }

  /**
   * On a page of the portal, waits until its scripts have taken over: a click
   * before that does nothing. Next.js adds its route announcer only then (in
   * an effect, after hydration); other sites' pages are left alone.
   */
  async waitForScripts(): Promise<void> {
    const portal = new URL(this.baseUrl).origin;
    await this.waitFor(
      () =>
        this.driver.evaluate<boolean>(
          (origin: string) => location.origin !== origin || document.querySelector("next-route-announcer") !== null,
          portal,
        ),
      "the page's scripts did not start",
    );
  }

  async url(): Promise<URL> {
    return new URL(await this.driver.currentUrl());
  }

  async waitForUrl(matches: (url: URL) => boolean, what: string, timeoutMs = this.timeoutMs): Promise<void> {
    let last = "";
    await this.waitFor(
      async () => matches(new URL((last = await this.driver.currentUrl()))),
      () => `the address is still ${last}, not ${what}`,
      timeoutMs,
    );
    await this.waitForScripts();
  }

  /** Polls `check` until it answers true; the message says what never happened. */
  async waitFor(
    check: () => Promise<boolean>,
    message: string | (() => string),
    timeoutMs = this.timeoutMs,
  ): Promise<void> {
    const until = Date.now() + timeoutMs;
    let lastError: unknown;
    for (;;) {
      try {
        if (await check()) return;
        lastError = undefined;
      } catch (error) {
        // A page that is navigating answers nothing for a moment.
        lastError = error;
      }
      if (Date.now() > until) {
        const text = typeof message === "string" ? message : message();
        const cause = lastError instanceof Error ? ` (last error: ${lastError.message.split("\n")[0]})` : "";
        throw new Error(`${text} within ${timeoutMs / 1000} s${cause}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Makes sure Testing Library and the error listener are in the page (once per document). */
  private async prepare(): Promise<void> {
    const ready = await this.driver.evaluate(() => "TestingLibraryDom" in window);
    if (!ready) await this.driver.inject(library);
    await this.driver.evaluate(() => {
      const scope = window as unknown as { portalTestErrors?: string[] };
      if (scope.portalTestErrors) return;
      const errors: string[] = [];
      scope.portalTestErrors = errors;
      const original = console.error.bind(console);
      console.error = (...args: unknown[]) => {
        errors.push(args.map(String).join(" "));
        original(...args);
      };
      window.addEventListener("error", (event) => errors.push(`uncaught: ${event.message}`));
      window.addEventListener("unhandledrejection", (event) => errors.push(`unhandled: ${String(event.reason)}`));
    });
  }

  /** Moves the errors the current document recorded into `pageErrors`, each after the document's address. */
  async collectPageErrors(): Promise<void> {
    const errors = await this.driver
      .evaluate<string[]>(() => {
        const scope = window as unknown as { portalTestErrors?: string[] };
        return (scope.portalTestErrors?.splice(0) ?? []).map((error) => `${location.href}: ${error}`);
      })
      .catch(() => [] as string[]);
    this.pageErrors.push(...errors);
  }

  async elementOf(steps: Step[]): Promise<ElementRef | null> {
    await this.prepare();
    return this.driver.element(inPageQuery, steps.map(toWire), "first");
  }

  async query(steps: Step[], answer: "count"): Promise<number> {
    await this.prepare();
    return this.driver.evaluate<number>(inPageQuery, steps.map(toWire), answer);
  }
}

function toWire(step: Step): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(step).map(([key, value]) => [
      key,
      typeof value === "string" || value instanceof RegExp ? wire(value) : value,
    ]),
  );
}

/**
 * Runs inside the page (sent as text: it uses nothing from outside). Each
 * step searches inside what the previous one found. A name matches whole, as
 * Testing Library matches it, unless `exact: false` (a part, in any case) or a
 * pattern is given.
 */
function inPageQuery(steps: Array<Record<string, unknown>>, answer: "first" | "count"): Element | number | null {
  type Matcher = string | RegExp | ((content: string) => boolean);
  type Query = (container: Element, text: unknown, options?: Record<string, unknown>) => Element[];
  const dom = (
    window as unknown as {
      TestingLibraryDom: Record<"queryAllByRole" | "queryAllByLabelText" | "queryAllByText", Query>;
    }
  ).TestingLibraryDom;
  const matcher = (text: unknown, exact: unknown): Matcher => {
    if (typeof text !== "string") {
      const pattern = text as { source: string; flags: string };
      return new RegExp(pattern.source, pattern.flags);
    }
    if (exact === false) return (content: string) => content.toLowerCase().includes(text.toLowerCase());
    return text;
  };
  const visible = (element: Element) =>
    (element as HTMLElement).checkVisibility?.({ visibilityProperty: true } as CheckVisibilityOptions) ?? true;
  let scope: Element[] = [document.body];
  for (const step of steps) {
    const found = new Set<Element>();
    for (const root of scope) {
      let matches: Element[] = [];
      if ("role" in step) {
        const options: Record<string, unknown> = { hidden: false };
        if (step.name !== undefined) options.name = matcher(step.name, step.exact);
        if (step.level !== undefined) options.level = step.level;
        matches = dom.queryAllByRole(root, step.role, options);
      } else if ("label" in step) {
        matches = dom
          .queryAllByLabelText(root, matcher(step.label, step.exact))
          .filter((element) => element.matches("input, select, textarea"));
      } else if ("text" in step) {
        matches = dom.queryAllByText(root, matcher(step.text, step.exact), { ignore: "script, style" });
      } else {
        const text = matcher(step.hasText, false);
        const own = (root as HTMLElement).innerText ?? root.textContent ?? "";
        const hit =
          typeof text === "function" ? text(own) : typeof text === "string" ? own.includes(text) : text.test(own);
        matches = hit ? [root] : [];
      }
      for (const element of matches) if (element !== root || "hasText" in step) found.add(element);
    }
    scope = [...found].filter(visible);
    if (scope.length === 0) break;
  }
  return answer === "count" ? scope.length : (scope[0] ?? null);
}
