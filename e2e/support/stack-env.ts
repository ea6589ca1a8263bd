// Names shared by the global setup and the tests.

/** The trusted proxy header the test portal reads the browser's address from. */
export const e2eAddressHeader = "x-e2e-client-address";

/** Access token lifetime of the test print server, in seconds. */
export const tokenLifetimeSeconds = 20;

/** A test print server: its own data folder, a free port on 127.0.0.1, short-lived tokens. */
export function testPrintServerEnv(dataDir: string): Record<string, string> {
  return {
    PRINT_SERVER_DATA: dataDir,
    PRINT_SERVER_HOST: "127.0.0.1",
    PRINT_SERVER_PORT: "0",
    PRINT_SERVER_TOKEN_LIFETIME: String(tokenLifetimeSeconds),
    // Every browser test's wrong PINs reach this one print server within one
    // lockout window; its organisation-wide PIN ceiling has tests of its own.
    PRINT_SERVER_PIN_FAILURE_CEILING: "1000",
  };
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through playwright.config.ts (global setup)`);
  return value;
}

export const stack = {
  portalUrl: () => required("E2E_PORTAL_URL"),
  downPortalUrl: () => required("E2E_DOWN_PORTAL_URL"),
  printServerData: () => required("E2E_PRINT_SERVER_DATA"),
  recordFile: () => required("E2E_RECORD_FILE"),
  clientSecret: () => required("E2E_CLIENT_SECRET"),
  /** The print server's sign-in page over loopback HTTP, e.g. http://127.0.0.1:40123. */
  signInPageUrl: () => required("E2E_SIGN_IN_PAGE_URL"),
  /** Two portal instances that share one Redis session store. */
  sharedPortalUrls: () => required("E2E_SHARED_PORTAL_URLS").split(" "),
  /** The Redis the shared instances keep their sessions in. */
  redisUrl: () => required("E2E_REDIS_URL"),
  /** The portals' AUTH_SECRET, to read a session cookie's session id in a test. */
  authSecret: () => required("E2E_AUTH_SECRET"),
  /** When the shared print server made its demo data (the months of alice's quota count from it). */
  seededAt: () => new Date(required("E2E_SEEDED_AT")),
};

/** Where every print server and portal the browser tests start keeps its output (scripts/lib/stack.mjs). */
export const stackLogDir = `${process.cwd()}/.test-output/stack-logs`;

/** How long a browser test waits for a report to be ready: generating one is slow on a busy 2-core machine. */
export const reportReadyTimeout = 60_000;
