import "server-only";
import { processSingleton } from "@/lib/process-singletons";
import { z } from "zod";
import { allowsOtherOrigins, frameAncestorsSchema } from "@/lib/embedding/frame-ancestors";
import { parseTrustedProxies } from "@/lib/auth/client-address";

// The portal's whole configuration, read from the environment and checked once.
// A bad value stops the start with a message that names every faulty variable.

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const httpUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .url({ message: "must be an absolute URL" })
    .refine((value) => protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(" or ")}`,
    });

const wholeNumber = (unit: string, min: number, max: number) =>
  z.coerce
    .number({ message: `must be a number of ${unit}` })
    .int({ message: `must be a whole number of ${unit}` })
    .min(min, { message: `must be between ${min} and ${max}` })
    .max(max, { message: `must be between ${min} and ${max}` });

/** Addresses and CIDR ranges, read into a BlockList; `example` completes the sentence a wrong entry gets. */
const networkList = (fallback: string, example: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, context) => {
      try {
        return parseTrustedProxies(value);
      } catch {
        context.addIssue({ code: "custom", message: `must be addresses or CIDR ranges ${example}` });
        return z.NEVER;
      }
    });

const envSchema = z.object({
  PRINT_SERVER_URL: httpUrl(["https:"]).transform((value) =>
    // Accept both the server root and the documented `{base}/api` form.
    value.replace(/\/+$/, "").replace(/\/api$/, ""),
  ),
  PRINT_SERVER_CA_FILE: optionalText,
  // Where browsers reach the print server's own sign-in page (single sign-on);
  // the API address when unset. http:// only on this machine (loopback).
  PRINT_SERVER_SIGN_IN_URL: optionalText.pipe(
    httpUrl(["http:", "https:"])
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
  ),
  PORTAL_SINGLE_SIGN_ON: z
    .enum(["true", "false", "on", "off", "1", "0"], { message: "must be true or false" })
    .default("false")
    .transform((value) => value === "true" || value === "on" || value === "1"),
  PRINT_SERVER_CLIENT_ID: z.string().trim().min(1, { message: "is required" }),
  PRINT_SERVER_CLIENT_SECRET: z.string().trim().min(1, { message: "is required" }),
  PRINT_SERVER_SCOPES: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]+( [A-Za-z0-9._:-]+)*$/, { message: "must be scope names separated by single spaces" })
    .default("users reports credit jobs printers offline.access"),
  AUTH_SECRET: z
    .string()
    .min(32, { message: "must be at least 32 characters (for example `openssl rand -base64 33`)" }),
  PORTAL_URL: httpUrl(["http:", "https:"]).transform((value) => value.replace(/\/+$/, "")),
  SESSION_IDLE_TIMEOUT: z.coerce
    .number({ message: "must be a number of seconds" })
    .int({ message: "must be a whole number of seconds" })
    .min(60, { message: "must be at least 60 seconds" })
    .max(7 * 24 * 3600, { message: "must be at most 604800 seconds (7 days)" })
    .default(1800),
  SESSION_MAX_LIFETIME: z.coerce
    .number({ message: "must be a number of seconds" })
    .int({ message: "must be a whole number of seconds" })
    .min(60, { message: "must be at least 60 seconds" })
    .max(30 * 24 * 3600, { message: "must be at most 2592000 seconds (30 days)" })
    .default(12 * 3600),
  PORTAL_TRUSTED_PROXY_HEADER: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, { message: "must be a header name such as x-forwarded-for" })
      .transform((value) => value.toLowerCase())
      .optional(),
  ),
  // The proxies whose PORTAL_TRUSTED_PROXY_HEADER is believed (addresses or CIDR ranges).
  PORTAL_TRUSTED_PROXIES: networkList("127.0.0.1, ::1", "such as 10.0.0.0/8, separated by commas"),
  // The networks where a PIN alone signs in (an intranet, a kiosk); elsewhere
  // the PIN form asks for the user name too (README, "PIN alone").
  PORTAL_PIN_ALONE_NETWORKS: networkList("", "such as 10.0.0.0/8 or fd00::/8, separated by commas or spaces"),
  // Failed sign-ins by PIN across the whole organisation in 15 minutes before
  // every PIN sign-in needs a solved challenge (README, "Reliability").
  PORTAL_PIN_FAILURE_CEILING: z.coerce
    .number({ message: "must be a number of failed PINs" })
    .int({ message: "must be a whole number" })
    .min(10, { message: "must be at least 10" })
    .default(100),
  // How old a PIN-only person's sign-in may be when they ask for a new PIN.
  PORTAL_NEW_PIN_SIGN_IN_MAX_AGE: z.coerce
    .number({ message: "must be a number of seconds" })
    .int({ message: "must be a whole number" })
    .min(1, { message: "must be at least 1" })
    .max(3600, { message: "must be at most 3600 (an hour)" })
    .default(300),
  PORT: z.coerce
    .number({ message: "must be a port number" })
    .int({ message: "must be a port number" })
    .min(0, { message: "must be between 0 and 65535" })
    .max(65535, { message: "must be between 0 and 65535" })
    .default(3000),
  PORTAL_REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, { message: "must start with redis:// or rediss://" })
      .optional(),
  ),
  PRINT_SERVER_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int()
    .min(100)
    .max(120_000)
    .default(10_000),
  // How long the home page waits for the balance and details, and the devices
  // page for its lists, to come with it before it leaves them to the browser
  // (lib/account/first-paint.ts, lib/devices/devices-service.ts).
  PORTAL_FIRST_PAINT_WAIT_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int({ message: "must be a whole number of milliseconds" })
    .min(0, { message: "must be between 0 and 10000" })
    .max(10_000, { message: "must be between 0 and 10000" })
    .default(1_000),
  PORTAL_FRAME_ANCESTORS: frameAncestorsSchema,
  // Files to print and scans (lib/files/): a folder every instance shares.
  PORTAL_FILES_DIR: z.string().trim().default(".data/portal/files"),
  PORTAL_FILES_MAX_FILE_MB: wholeNumber("megabytes", 1, 2048).default(50),
  PORTAL_FILES_RETENTION_HOURS: wholeNumber("hours", 1, 24 * 90).default(24),
  PORTAL_FILES_QUOTA_FILES: wholeNumber("files", 1, 10_000).default(50),
  PORTAL_FILES_QUOTA_MB: wholeNumber("megabytes", 1, 1_000_000).default(500),
  // The login MyQ's external storage connection uses; the adapter is off without both.
  PORTAL_EXTERNAL_STORAGE_LOGIN: optionalText,
  PORTAL_EXTERNAL_STORAGE_PASSWORD: optionalText,
});

// Plain http:// is safe only on this machine (development, trying it out):
// elsewhere cookies, PINs and tokens would cross the network readable.
const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a URL's host is this machine: localhost, 127.0.0.0/8 or ::1. */
function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

const checkedEnvSchema = envSchema.superRefine((env, context) => {
  const portal = new URL(env.PORTAL_URL);
  if (portal.protocol !== "https:" && !isLoopbackHost(portal.hostname)) {
    context.addIssue({
      code: "custom",
      path: ["PORTAL_URL"],
      message:
        "must start with https:// (http:// only for localhost, 127.0.0.0/8 or [::1]): put the portal behind a TLS proxy and set PORTAL_URL to its https:// address",
    });
  }
  if (env.PRINT_SERVER_SIGN_IN_URL) {
    const page = new URL(env.PRINT_SERVER_SIGN_IN_URL);
    if (page.protocol !== "https:" && !loopbackHosts.has(page.hostname)) {
      context.addIssue({
        code: "custom",
        path: ["PRINT_SERVER_SIGN_IN_URL"],
        message: "must start with https:// (http:// only for 127.0.0.1 or localhost)",
      });
    }
  }
  if (portal.protocol === "https:" && !env.PORTAL_TRUSTED_PROXY_HEADER) {
    // The portal serves plain HTTP: an https:// address means a reverse proxy
    // in front, whose address every browser would then share for sign-in limits.
    context.addIssue({
      code: "custom",
      path: ["PORTAL_TRUSTED_PROXY_HEADER"],
      message:
        "is required when PORTAL_URL starts with https:// (the portal is behind a TLS proxy: name the header in which it passes the browser's address, e.g. x-forwarded-for, and set PORTAL_TRUSTED_PROXIES to the proxy's address)",
    });
  }
  if (!env.PORTAL_EXTERNAL_STORAGE_LOGIN !== !env.PORTAL_EXTERNAL_STORAGE_PASSWORD) {
    context.addIssue({
      code: "custom",
      path: [env.PORTAL_EXTERNAL_STORAGE_LOGIN ? "PORTAL_EXTERNAL_STORAGE_PASSWORD" : "PORTAL_EXTERNAL_STORAGE_LOGIN"],
      message: "must be set together with the other (the external storage adapter's login and password)",
    });
  }
  if (env.PORTAL_EXTERNAL_STORAGE_PASSWORD && env.PORTAL_EXTERNAL_STORAGE_PASSWORD.length < 16) {
    context.addIssue({
      code: "custom",
      path: ["PORTAL_EXTERNAL_STORAGE_PASSWORD"],
      message: "must be at least 16 characters (for example `openssl rand -base64 24`)",
    });
  }
});

/**
 * What the portal can start with but some browsers cannot sign in to, one
 * sentence each that says what to change (printed at start, see
 * check-env-at-start.ts).
 */
export function envWarnings(env: Env): string[] {
  const portal = new URL(env.PORTAL_URL);
  if (allowsOtherOrigins(env.PORTAL_FRAME_ANCESTORS) && portal.protocol !== "https:") {
    // Cookies for other sites' frames are Secure; WebKit refuses Secure cookies from an http:// page, even on localhost.
    return [
      "PORTAL_FRAME_ANCESTORS with an http:// PORTAL_URL works in Chromium and Firefox only: Safari and every browser on an iPhone or iPad drop the portal's cookies and cannot sign in. Set PORTAL_URL to an https:// address to let them in.",
    ];
  }
  return [];
}

export type Env = z.output<typeof checkedEnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid portal configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses a set of variables; throws EnvError naming every bad one. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = checkedEnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const missing = issue.code === "invalid_type" && cleaned[name] === undefined;
    return missing ? `${name} is required` : `${name} ${issue.message}`;
  });
  throw new EnvError([...new Set(problems)]);
}

/** The validated configuration of this process (checked on first use). */
export function getEnv(): Env {
  return processSingleton("env", () => parseEnv(process.env));
}
