import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The repository root: print-server/src/ is two levels below it. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * npm runs workspace scripts inside print-server/, so relative paths a user
 * typed are resolved against the directory npm was started from (INIT_CWD).
 */
export function resolveUserPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

const seconds = (fallback: number, max = 10 * 365 * 86_400) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

// Empty means unset (the demo's way of turning a setting off).
const unsetWhenEmpty = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalPort = z.preprocess(unsetWhenEmpty, z.coerce.number().int().min(0).max(65_535).optional());
const optionalText = z.preprocess(unsetWhenEmpty, z.string().optional());

/** A held job is deleted a day after it was sent; a printed one is kept a week for reprint (seconds). */
export const HELD_RETENTION_DEFAULT = 86_400;
export const PRINTED_RETENTION_DEFAULT = 7 * 86_400;

const envSchema = z.object({
  PRINT_SERVER_HOST: z.string().min(1).default("127.0.0.1"),
  PRINT_SERVER_PORT: z.coerce.number().int().min(0).max(65_535).default(8090),
  PRINT_SERVER_SIGN_IN_PAGE_PORT: optionalPort,
  PRINT_SERVER_PANEL_PORT: optionalPort,
  PRINT_SERVER_DATA: z.string().min(1).optional(),
  PRINT_SERVER_HOSTNAMES: z.string().default(""),
  PRINT_SERVER_TOKEN_LIFETIME: seconds(1800, 30 * 86_400),
  PRINT_SERVER_REFRESH_LIFETIME: seconds(30 * 86_400),
  PRINT_SERVER_FAIL_REPORTS: z.string().default(""),
  PRINT_SERVER_REPORT_RETENTION: seconds(86_400),
  PRINT_SERVER_REPORT_FILES_PER_OWNER: z.coerce.number().int().min(1).max(10_000).default(50),
  PRINT_SERVER_REPORT_DELAY: z.coerce.number().int().min(0).max(600_000).default(0),
  PRINT_SERVER_LOCKOUT_WINDOW: seconds(900, 86_400),
  PRINT_SERVER_HELD_RETENTION: seconds(HELD_RETENTION_DEFAULT),
  PRINT_SERVER_PRINTED_RETENTION: seconds(PRINTED_RETENTION_DEFAULT),
  PRINT_SERVER_PRINT_JOB_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  PRINT_SERVER_PRINT_PAGE_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  PRINT_SERVER_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(64 * 1024),
  PRINT_SERVER_ISSUER: z.string().min(1).default("urn:print-portal:print-server"),
  PRINT_SERVER_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PRINT_SERVER_EXTERNAL_STORAGE_URL: optionalText,
  PRINT_SERVER_EXTERNAL_STORAGE_LOGIN: optionalText,
  PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD: optionalText,
  PRINT_SERVER_EXTERNAL_STORAGE_CA_FILE: optionalText,
  PRINT_SERVER_EASY_PRINT_DELETE_AFTER_PRINT: z.preprocess(unsetWhenEmpty, z.stringbool().default(true)),
});

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The external storage connection, all of URL, login and password or none.
 * Basic authentication travels in clear over HTTP, so plain HTTP is taken
 * only for an adapter on this machine (loopback).
 */
function externalStorageOf(e: z.infer<typeof envSchema>): ExternalStorageSettings | undefined {
  const { PRINT_SERVER_EXTERNAL_STORAGE_URL: url, PRINT_SERVER_EXTERNAL_STORAGE_LOGIN: login } = e;
  const password = e.PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD;
  const caFile = e.PRINT_SERVER_EXTERNAL_STORAGE_CA_FILE;
  if (url === undefined) {
    if (login !== undefined || password !== undefined || caFile !== undefined) {
      throw new Error(
        "Invalid environment: PRINT_SERVER_EXTERNAL_STORAGE_URL is required with its login, password or CA file",
      );
    }
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error("Invalid environment: PRINT_SERVER_EXTERNAL_STORAGE_URL must be an absolute URL");
  }
  const secure = parsed.protocol === "https:";
  if (!secure && !(parsed.protocol === "http:" && LOOPBACK_HOSTS.has(parsed.hostname))) {
    throw new Error(
      "Invalid environment: PRINT_SERVER_EXTERNAL_STORAGE_URL must be https (http only for localhost or 127.0.0.1)",
    );
  }
  if (parsed.username || parsed.password || parsed.search || parsed.hash) {
    throw new Error(
      "Invalid environment: PRINT_SERVER_EXTERNAL_STORAGE_URL takes no credentials, query or fragment (use _LOGIN and _PASSWORD)",
    );
  }
  if (login === undefined || password === undefined) {
    throw new Error(
      "Invalid environment: PRINT_SERVER_EXTERNAL_STORAGE_LOGIN and _PASSWORD are required with PRINT_SERVER_EXTERNAL_STORAGE_URL",
    );
  }
  if (login.includes(":")) {
    throw new Error("Invalid environment: PRINT_SERVER_EXTERNAL_STORAGE_LOGIN cannot contain a colon (HTTP Basic)");
  }
  return {
    url: parsed.toString().replace(/\/+$/, ""),
    login,
    password,
    caFile: caFile === undefined ? undefined : resolveUserPath(caFile),
    deleteAfterPrint: e.PRINT_SERVER_EASY_PRINT_DELETE_AFTER_PRINT,
  };
}

/** MyQ's connection to an External Storage Adapter: where Easy Print reads files and Easy Scan delivers scans. */
export interface ExternalStorageSettings {
  /** The adapter's base URL, without a trailing slash (…/api/external-storage). */
  url: string;
  login: string;
  password: string;
  /** A PEM file of a CA to trust besides the system's, for an adapter with a private certificate. */
  caFile?: string;
  /** MyQ's Easy Print setting "delete the file after printing". */
  deleteAfterPrint: boolean;
}

/**
 * The process's start-up settings, read once from PRINT_SERVER_* variables.
 * (Not the organisation's settings that GET /v3/server/config answers: those
 * are in the database, db/settings.ts.)
 */
export interface StartupSettings {
  host: string;
  port: number;
  /**
   * When set, the sign-in page (and nothing else) is also served over plain
   * HTTP on 127.0.0.1 at this port (0: a free one). For the demo and the
   * browser tests: a browser that does not trust this server's own CA can
   * still reach the page, loopback traffic never leaves the machine, and the
   * API stays HTTPS only.
   */
  signInPagePort?: number;
  /** When set, the printer panel (Easy Print, Easy Scan) is served over plain HTTP on 127.0.0.1 at this port (0: a free one). */
  panelPort?: number;
  /** Easy Print's source and Easy Scan's destination; none when not configured. */
  externalStorage?: ExternalStorageSettings;
  dataDir: string;
  hostnames: string[];
  tokenLifetime: number;
  refreshLifetime: number;
  failingReports: Set<number>;
  reportRetention: number;
  /** Finished report files one owner keeps at most; a new execution retires the oldest. */
  reportFilesPerOwner: number;
  reportDelayMs: number;
  lockoutWindow: number;
  /** Seconds a held (ready or paused) job is kept unless printed or a favourite. */
  heldRetention: number;
  /** Seconds a printed job is kept for reprint after its last print, unless a favourite. */
  printedRetention: number;
  /** The simulated printer's pace: milliseconds to start a job, and per printed page (pages × copies). */
  printJobMs: number;
  printPageMs: number;
  bodyLimit: number;
  issuer: string;
  logLevel: z.infer<typeof envSchema>["PRINT_SERVER_LOG_LEVEL"];
}

const list = (value: string) =>
  value
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function loadStartupSettings(env: NodeJS.ProcessEnv = process.env): StartupSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const e = parsed.data;
  const failing = list(e.PRINT_SERVER_FAIL_REPORTS).map(Number);
  if (failing.some((n) => !Number.isInteger(n))) {
    throw new Error("Invalid environment: PRINT_SERVER_FAIL_REPORTS must be comma-separated report ids");
  }
  return {
    host: e.PRINT_SERVER_HOST,
    port: e.PRINT_SERVER_PORT,
    signInPagePort: e.PRINT_SERVER_SIGN_IN_PAGE_PORT,
    panelPort: e.PRINT_SERVER_PANEL_PORT,
    externalStorage: externalStorageOf(e),
    dataDir: e.PRINT_SERVER_DATA ? resolveUserPath(e.PRINT_SERVER_DATA) : path.join(REPO_ROOT, ".data/print-server"),
    hostnames: list(e.PRINT_SERVER_HOSTNAMES),
    tokenLifetime: e.PRINT_SERVER_TOKEN_LIFETIME,
    refreshLifetime: e.PRINT_SERVER_REFRESH_LIFETIME,
    failingReports: new Set(failing),
    reportRetention: e.PRINT_SERVER_REPORT_RETENTION,
    reportFilesPerOwner: e.PRINT_SERVER_REPORT_FILES_PER_OWNER,
    reportDelayMs: e.PRINT_SERVER_REPORT_DELAY,
    lockoutWindow: e.PRINT_SERVER_LOCKOUT_WINDOW,
    heldRetention: e.PRINT_SERVER_HELD_RETENTION,
    printedRetention: e.PRINT_SERVER_PRINTED_RETENTION,
    printJobMs: e.PRINT_SERVER_PRINT_JOB_MS,
    printPageMs: e.PRINT_SERVER_PRINT_PAGE_MS,
    bodyLimit: e.PRINT_SERVER_BODY_LIMIT,
    issuer: e.PRINT_SERVER_ISSUER,
    logLevel: e.PRINT_SERVER_LOG_LEVEL,
  };
}
