// What the flows need from a browser, whatever drives it: WebKitWebDriver
// through selenium-webdriver (webkit.ts), Firefox ESR over WebDriver BiDi
// through puppeteer-core (firefox.ts). Everything a flow checks goes through
// here, so both engines are asked the same questions in the same words.

/** What a browser of the run trusts, as files: its https:// portal is signed by the run's own CA. */
export interface RunTrust {
  /** The run's certificate authority (PEM), for a browser with a trust store of its own. */
  caFile: string;
  /** The https:// portal's own certificate (PEM), for a browser that trusts one certificate for a host. */
  certificateFile: string;
  /** The host name that certificate serves. */
  host: string;
}

/** An element of the page, as the driver knows it. */
export type ElementRef = { readonly __element: unique symbol };

/** A function run in the page; it must not use anything from outside (it is sent as text). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageFunction = (...args: any[]) => unknown;

export interface Driver {
  /** The engine as people know it, e.g. "WebKitGTK 2.50.6". */
  readonly name: string;
  goto(url: string): Promise<void>;
  currentUrl(): Promise<string>;
  /** Runs `fn` in the current frame's page and answers its JSON-able result. */
  evaluate<T>(fn: PageFunction, ...args: unknown[]): Promise<T>;
  /** Runs `fn` in the current frame's page and answers the element it returns, or null. */
  element(fn: PageFunction, ...args: unknown[]): Promise<ElementRef | null>;
  /** Runs a script's source in the current frame (a library to inject). */
  inject(source: string): Promise<void>;
  /** A click as a person makes it: the driver checks the element can take it. */
  click(element: ElementRef): Promise<void>;
  /** Types text into a field as a person would (after the field has the focus). */
  type(element: ElementRef, text: string): Promise<void>;
  /** Gives a file input these files from disk, as choosing them in the browser's file dialog does. */
  chooseFiles(input: ElementRef, paths: string[]): Promise<void>;
  /** The window's page area, in CSS px. */
  setViewport(width: number, height: number): Promise<void>;
  screenshot(file: string): Promise<void>;
  /** From now on, runs everything inside this frame element. */
  enterFrame(frame: ElementRef): Promise<void>;
  /** Back to the tab's top-level page. */
  leaveFrame(): Promise<void>;
  /** Forgets every cookie, so the next flow starts as a new visitor. */
  clearCookies(): Promise<void>;
  /** The open tabs, in opening order. */
  tabs(): Promise<string[]>;
  switchToTab(tab: string): Promise<void>;
  /** Errors the browser itself reports for the page (console, uncaught); empty where the driver exposes none. */
  readonly nativeErrors: string[];
  /** Whether `nativeErrors` can say anything at all. */
  readonly seesConsole: boolean;
  /** Where this browser saves downloads. */
  readonly downloadDir: string;
  quit(): Promise<void>;
}
