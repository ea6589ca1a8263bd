import { describe, expect, it } from "vitest";
import { EnvError, envWarnings, parseEnv } from "./env";

const valid = {
  PRINT_SERVER_URL: "https://print.example.com:8090/api/",
  PRINT_SERVER_CLIENT_ID: "portal",
  PRINT_SERVER_CLIENT_SECRET: "s3cret",
  AUTH_SECRET: "x".repeat(40),
  PORTAL_URL: "http://localhost:3000/",
};

function problems(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("parseEnv", () => {
  it("accepts a complete configuration and fills defaults", () => {
    const env = parseEnv(valid);
    expect(env.PRINT_SERVER_URL).toBe("https://print.example.com:8090");
    expect(env.PORTAL_URL).toBe("http://localhost:3000");
    expect(env.PRINT_SERVER_SCOPES).toBe("users reports credit jobs printers offline.access");
    expect(env.SESSION_IDLE_TIMEOUT).toBe(1800);
    expect(env.PORT).toBe(3000);
    expect(env.PRINT_SERVER_CA_FILE).toBeUndefined();
    expect(env.PORTAL_TRUSTED_PROXY_HEADER).toBeUndefined();
  });

  it("names every missing variable at once", () => {
    const found = problems({});
    expect(found).toEqual(
      expect.arrayContaining([
        "PRINT_SERVER_URL is required",
        "PRINT_SERVER_CLIENT_ID is required",
        "PRINT_SERVER_CLIENT_SECRET is required",
        "AUTH_SECRET is required",
        "PORTAL_URL is required",
      ]),
    );
  });

  it("names malformed values with what is wrong", () => {
    const found = problems({
      ...valid,
      PRINT_SERVER_URL: "http://print.example.com",
      SESSION_IDLE_TIMEOUT: "soon",
      AUTH_SECRET: "short",
      PORTAL_TRUSTED_PROXY_HEADER: "x forwarded",
      PRINT_SERVER_SCOPES: "users  reports",
    });
    expect(found.find((p) => p.startsWith("PRINT_SERVER_URL"))).toMatch(/https:/);
    expect(found.find((p) => p.startsWith("SESSION_IDLE_TIMEOUT"))).toMatch(/seconds/);
    expect(found.find((p) => p.startsWith("AUTH_SECRET"))).toMatch(/32 characters/);
    expect(found.some((p) => p.startsWith("PORTAL_TRUSTED_PROXY_HEADER"))).toBe(true);
    expect(found.some((p) => p.startsWith("PRINT_SERVER_SCOPES"))).toBe(true);
  });

  it("treats empty strings as unset and lower-cases the proxy header", () => {
    const env = parseEnv({ ...valid, PRINT_SERVER_CA_FILE: "", PORTAL_TRUSTED_PROXY_HEADER: "X-Real-IP" });
    expect(env.PRINT_SERVER_CA_FILE).toBeUndefined();
    expect(env.PORTAL_TRUSTED_PROXY_HEADER).toBe("x-real-ip");
  });

  it("refuses an https:// PORTAL_URL without the proxy's address header: every browser would share the proxy's address", () => {
    expect(problems({ ...valid, PORTAL_URL: "https://portal.example.com" })).toEqual([
      expect.stringMatching(/^PORTAL_TRUSTED_PROXY_HEADER is required when PORTAL_URL starts with https:\/\//),
    ]);
    const behindProxy = parseEnv({
      ...valid,
      PORTAL_URL: "https://portal.example.com",
      PORTAL_TRUSTED_PROXY_HEADER: "x-forwarded-for",
      PORTAL_TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.10",
    });
    expect(behindProxy.PORTAL_TRUSTED_PROXIES.check("10.9.8.7", "ipv4")).toBe(true);
    expect(behindProxy.PORTAL_TRUSTED_PROXIES.check("192.0.2.11", "ipv4")).toBe(false);
  });

  it("trusts only loopback proxies by default and names a bad proxy list or PIN ceiling", () => {
    const env = parseEnv(valid);
    expect(env.PORTAL_TRUSTED_PROXIES.check("127.0.0.1", "ipv4")).toBe(true);
    expect(env.PORTAL_TRUSTED_PROXIES.check("10.0.0.1", "ipv4")).toBe(false);
    expect(env.PORTAL_PIN_FAILURE_CEILING).toBe(100);
    expect(
      problems({ ...valid, PORTAL_TRUSTED_PROXIES: "proxy.example.com", PORTAL_PIN_FAILURE_CEILING: "3" }),
    ).toEqual([
      expect.stringMatching(/^PORTAL_TRUSTED_PROXIES must be addresses or CIDR ranges/),
      expect.stringMatching(/^PORTAL_PIN_FAILURE_CEILING must be at least 10/),
    ]);
  });

  it("offers PIN alone nowhere by default, in the listed networks when told, and names a bad entry", () => {
    const none = parseEnv(valid).PORTAL_PIN_ALONE_NETWORKS;
    expect(none.check("127.0.0.1", "ipv4")).toBe(false);
    const kiosk = parseEnv({ ...valid, PORTAL_PIN_ALONE_NETWORKS: "192.0.2.0/24 fd00::/8,10.1.2.3" });
    expect(kiosk.PORTAL_PIN_ALONE_NETWORKS.check("192.0.2.77", "ipv4")).toBe(true);
    expect(kiosk.PORTAL_PIN_ALONE_NETWORKS.check("fd12::1", "ipv6")).toBe(true);
    expect(kiosk.PORTAL_PIN_ALONE_NETWORKS.check("10.1.2.4", "ipv4")).toBe(false);
    for (const bad of ["intranet.example.com", "10.0.0.0/33", "10.0.0.0/x"])
      expect(problems({ ...valid, PORTAL_PIN_ALONE_NETWORKS: bad })).toEqual([
        expect.stringMatching(/^PORTAL_PIN_ALONE_NETWORKS must be addresses or CIDR ranges/),
      ]);
  });

  it("waits 1 s for the home page's figures unless told, and names a wait out of range", () => {
    expect(parseEnv(valid).PORTAL_FIRST_PAINT_WAIT_MS).toBe(1000);
    expect(parseEnv({ ...valid, PORTAL_FIRST_PAINT_WAIT_MS: "0" }).PORTAL_FIRST_PAINT_WAIT_MS).toBe(0);
    expect(problems({ ...valid, PORTAL_FIRST_PAINT_WAIT_MS: "60000" })).toEqual([
      "PORTAL_FIRST_PAINT_WAIT_MS must be between 0 and 10000",
    ]);
    expect(problems({ ...valid, PORTAL_FIRST_PAINT_WAIT_MS: "soon" })).toEqual([
      "PORTAL_FIRST_PAINT_WAIT_MS must be a number of milliseconds",
    ]);
  });

  it("reads PORTAL_FRAME_ANCESTORS and asks for HTTPS when other sites may frame the portal", () => {
    expect(parseEnv(valid).PORTAL_FRAME_ANCESTORS).toEqual(["'self'"]);
    const allowed = parseEnv({ ...valid, PORTAL_FRAME_ANCESTORS: "https://intranet.example.com" });
    expect(allowed.PORTAL_FRAME_ANCESTORS).toEqual(["'self'", "https://intranet.example.com"]);
    const plainHttp = problems({
      ...valid,
      PORTAL_URL: "http://portal.example.com",
      PORTAL_FRAME_ANCESTORS: "https://intranet.example.com",
    });
    expect(plainHttp).toEqual([
      expect.stringMatching(/^PORTAL_FRAME_ANCESTORS needs PORTAL_URL to start with https:\/\//),
    ]);
    expect(problems({ ...valid, PORTAL_FRAME_ANCESTORS: "https://intranet.example.com/page" })[0]).toMatch(
      /^PORTAL_FRAME_ANCESTORS must list origins/,
    );
  });

  it("refuses framing over plain http:// elsewhere than on this machine, saying what to change", () => {
    const [problem] = problems({
      ...valid,
      PORTAL_URL: "http://portal.example.com",
      PORTAL_FRAME_ANCESTORS: "https://intranet.example.com",
    });
    expect(problem).toContain("set PORTAL_URL to its https:// address, or leave PORTAL_FRAME_ANCESTORS empty");
  });

  it("warns that Safari cannot sign in to a framed portal on http://localhost, and only then", () => {
    const framedLocal = parseEnv({ ...valid, PORTAL_FRAME_ANCESTORS: "http://127.0.0.1:8080" });
    expect(envWarnings(framedLocal)).toEqual([
      expect.stringMatching(/Safari .* cannot sign in\. Set PORTAL_URL to an https:\/\//),
    ]);
    expect(envWarnings(parseEnv(valid))).toEqual([]);
    const framedHttps = parseEnv({
      ...valid,
      PORTAL_URL: "https://portal.example.com",
      PORTAL_TRUSTED_PROXY_HEADER: "x-forwarded-for",
      PORTAL_FRAME_ANCESTORS: "https://intranet.example.com",
    });
    expect(envWarnings(framedHttps)).toEqual([]);
  });

  it("reads the single sign-on settings and the absolute session lifetime", () => {
    const defaults = parseEnv(valid);
    expect(defaults.PORTAL_SINGLE_SIGN_ON).toBe(false);
    expect(defaults.PRINT_SERVER_SIGN_IN_URL).toBeUndefined();
    expect(defaults.SESSION_MAX_LIFETIME).toBe(12 * 3600);
    const on = parseEnv({
      ...valid,
      PORTAL_SINGLE_SIGN_ON: "true",
      PRINT_SERVER_SIGN_IN_URL: "http://127.0.0.1:4711/",
      SESSION_MAX_LIFETIME: "3600",
    });
    expect(on.PORTAL_SINGLE_SIGN_ON).toBe(true);
    expect(on.PRINT_SERVER_SIGN_IN_URL).toBe("http://127.0.0.1:4711");
    expect(on.SESSION_MAX_LIFETIME).toBe(3600);
    expect(problems({ ...valid, PORTAL_SINGLE_SIGN_ON: "yes please" })).toEqual([
      "PORTAL_SINGLE_SIGN_ON must be true or false",
    ]);
    // Plain HTTP for the sign-in page only on this machine.
    expect(problems({ ...valid, PRINT_SERVER_SIGN_IN_URL: "http://print.example.com" })[0]).toMatch(
      /^PRINT_SERVER_SIGN_IN_URL must start with https:\/\//,
    );
    expect(problems({ ...valid, SESSION_MAX_LIFETIME: "10" })).toEqual([
      "SESSION_MAX_LIFETIME must be at least 60 seconds",
    ]);
  });

  it("reads the files settings, and the external storage adapter's login only with its password", () => {
    const defaults = parseEnv(valid);
    expect(defaults).toMatchObject({
      PORTAL_FILES_DIR: ".data/portal/files",
      PORTAL_FILES_MAX_FILE_MB: 50,
      PORTAL_FILES_RETENTION_HOURS: 24,
    });
    expect(defaults.PORTAL_EXTERNAL_STORAGE_LOGIN).toBeUndefined();
    expect(problems({ ...valid, PORTAL_EXTERNAL_STORAGE_LOGIN: "myq" })).toEqual([
      "PORTAL_EXTERNAL_STORAGE_PASSWORD must be set together with the other (the external storage adapter's login and password)",
    ]);
    expect(
      problems({ ...valid, PORTAL_EXTERNAL_STORAGE_LOGIN: "myq", PORTAL_EXTERNAL_STORAGE_PASSWORD: "short" }),
    ).toEqual([
      "PORTAL_EXTERNAL_STORAGE_PASSWORD must be at least 16 characters (for example `openssl rand -base64 24`)",
    ]);
    expect(problems({ ...valid, PORTAL_FILES_RETENTION_HOURS: "0" })).toEqual([
      "PORTAL_FILES_RETENTION_HOURS must be between 1 and 2160",
    ]);
  });
});
