import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join, relative } from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { request as apiRequests, type APIRequestContext } from "@playwright/test";
import { z } from "zod/mini";
import { alice, expect } from "./fixtures";
import { JobsPage } from "./pages/jobs-page";
import { privateStackTest } from "./support/own-stack-test";
import type { PrivateStack } from "./support/private-stack";
import { tableHashes } from "../print-server/test/support/table-hashes";

// The bad-input sweep of the portal, driven by its own routes: every
// app/api/**/route.ts with the methods it exports, and the fields of the zod
// schemas beside it (schema.ts). Malformed path segments, queries and bodies
// (wrong types, huge strings, unicode, invalid JSON, wrong content types),
// signed in, signed out and with a garbage cookie, against a portal and print
// server of the test's own. Then: no 5xx, every error JSON, the print
// server's data and the signed-in person's state exactly as before, both
// processes healthy. Seeded: SWEEP_SEED=<seed> repeats a run.

const runsPerRoute = Number(process.env.SWEEP_RUNS ?? 60);
const apiDir = join(__dirname, "..", "app", "api");

interface Route {
  /** e.g. /api/jobs/[id] */
  pattern: string;
  methods: string[];
  /** Field names of the request schemas beside the route (body and query). */
  fields: string[];
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name === "route.ts" ? [path] : [];
  });
}

/** The property names of every request schema a schema.ts exports (answers, "…Response", left out). */
function schemaFields(routeFile: string): string[] {
  const schemaFile = join(routeFile, "..", "schema.ts");
  if (!existsSync(schemaFile)) return [];
  // require, not import(): Playwright's loader compiles TypeScript it requires (and the @/ paths).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exported = require(schemaFile) as Record<string, unknown>;
  const fields = new Set<string>();
  for (const [name, schema] of Object.entries(exported)) {
    if (/response$/i.test(name) || typeof schema !== "object" || schema === null || !("_zod" in schema)) continue;
    try {
      const json = z.toJSONSchema(schema as z.ZodMiniType, { io: "input", unrepresentable: "any" }) as {
        properties?: Record<string, unknown>;
      };
      for (const field of Object.keys(json.properties ?? {})) fields.add(field);
    } catch {
      // Not an object schema (an enum, a list of values): no fields to aim at.
    }
  }
  return [...fields];
}

async function portalRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  for (const file of routeFiles(apiDir).sort()) {
    const source = readFileSync(file, "utf8");
    const methods = [
      ...source.matchAll(
        /export (?:const|async function) (GET|POST|PATCH|PUT|DELETE)\b|as (GET|POST|PATCH|PUT|DELETE)\b/g,
      ),
    ].map((m) => m[1] ?? m[2]!);
    const pattern = `/api/${relative(apiDir, join(file, "..")).split("\\").join("/")}`;
    routes.push({ pattern, methods: [...new Set(methods)], fields: schemaFields(file) });
  }
  return routes;
}

// ---- generators -------------------------------------------------------------

const hugeString = fc.constantFrom(10_000, 100_000).map((n) => "x".repeat(n));
const unicode = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 });
const oddStrings = fc.constantFrom(
  "",
  "-1",
  "0",
  "1.5",
  "1e400",
  "99999999999999999999999999",
  "null",
  "../../etc/passwd",
  "%00",
  "\u0000",
  "<script>alert(1)</script>",
  "'; DROP TABLE users; --",
  "💩",
);
// URLs stay well under Node's 16 KiB header limit here (an answer may repeat
// the URL, e.g. in a redirect's Location); a longer one never reaches
// the app and is checked on its own below (answered as JSON by scripts/portal-server.mjs).
const longUrlPart = fc.constantFrom(1000, 2000).map((n) => "x".repeat(n));
const anyText = fc.oneof(unicode, oddStrings, longUrlPart);
/** Not a whole number an id could be. */
const badSegment = anyText.filter((s) => !/^\s*\+?\d+\s*$/.test(s));
const notAnyField = fc.constantFrom<unknown>({ "\u0000": {} }, [{ nested: [] }], { toString: "x" });
const anyJson = fc.jsonValue({ maxDepth: 3 });

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

/** A body no request schema of the route accepts: a wrong top-level type, or every known field of a wrong type. */
function invalidBody(route: Route): fc.Arbitrary<unknown> {
  const wrongTop = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.constant([[]]), hugeString);
  if (route.fields.length === 0) return fc.oneof(wrongTop, notAnyField);
  const allWrong = fc
    .tuple(notAnyField, fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 }))
    .map(([wrong, extra]) => ({ ...extra, ...Object.fromEntries(route.fields.map((f) => [f, wrong])) }));
  return fc.oneof(wrongTop, allWrong);
}

type Who = "signedIn" | "anonymous" | "garbageCookie";

interface SweepRequest {
  who: Who;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function requestsFor(route: Route, portalUrl: string): fc.Arbitrary<SweepRequest> {
  const segments = [...route.pattern.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)];
  const bodyless = (method: string) => method === "GET" || method === "HEAD";
  return fc
    .record({
      who: fc.constantFrom<Who>("signedIn", "signedIn", "anonymous", "garbageCookie"),
      method: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...(route.methods.length > 0 ? route.methods : ["GET"])) },
        { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE") },
      ),
      segments: fc.tuple(
        ...segments.map((s) =>
          s[1]
            ? fc.array(badSegment, { minLength: 1, maxLength: 2 }).map((parts) => parts.map(encode).join("/"))
            : badSegment.map(encode),
        ),
      ),
      query: fc.dictionary(
        fc.oneof(fc.constantFrom(...(route.fields.length > 0 ? route.fields : ["q"])), fc.string({ maxLength: 8 })),
        anyText,
        { maxKeys: 3 },
      ),
      body: invalidBody(route),
      encoding: fc.constantFrom("json", "json", "broken", "text", "form", "none"),
      origin: fc.constantFrom("own", "own", "own", "none", "evil"),
    })
    .map(({ who, method, segments: values, query, body, encoding, origin }) => {
      let path = route.pattern;
      segments.forEach((s, i) => (path = path.replace(s[0], values[i] ?? "x")));
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        try {
          search.append(key, value);
        } catch {
          // a lone surrogate cannot be sent
        }
      }
      const headers: Record<string, string> = { accept: "application/json" };
      if (origin === "own") headers.origin = portalUrl;
      if (origin === "evil") headers.origin = "https://evil.example";
      let text: string | undefined;
      if (!bodyless(method) && encoding !== "none") {
        const json = JSON.stringify(body) ?? "null";
        if (encoding === "json") [headers["content-type"], text] = ["application/json", json];
        if (encoding === "broken") [headers["content-type"], text] = ["application/json", `{${json}`];
        if (encoding === "text") [headers["content-type"], text] = ["text/plain", json];
        if (encoding === "form")
          [headers["content-type"], text] = ["application/x-www-form-urlencoded", `a=${encode(json)}`];
      }
      const query_ = search.toString();
      return {
        who,
        method,
        url: query_ ? `${path}?${query_}` : path,
        headers,
        ...(text !== undefined && { body: text }),
      };
    });
}

// ---- the sweep ----------------------------------------------------------------

/** Every table of the print server's database, hashed (read-only, beside the running server). */
function printServerData(stack: PrivateStack): Record<string, string> {
  const db = new Database(join(stack.printServerData, "print-server.db"), { readonly: true, fileMustExist: true });
  try {
    return tableHashes(db);
  } finally {
    db.close();
  }
}

/** What the signed-in person sees of themselves. */
async function personState(request: APIRequestContext): Promise<Record<string, unknown>> {
  const state: Record<string, unknown> = {};
  for (const path of ["/api/me", "/api/account/money", "/api/jobs", "/api/profile/settings", "/api/reports"]) {
    const answer = await request.get(path);
    state[path] = { status: answer.status(), body: await answer.json() };
  }
  return state;
}

const test = privateStackTest();

test("every portal route under malformed requests: no 5xx, errors as JSON, nothing written", async ({
  page,
  stack,
  extraHTTPHeaders,
}) => {
  test.setTimeout(360_000);
  // Chosen here, not in the title: a title must be the same in every worker process.
  const seed = Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);
  console.info(`portal bad-input sweep: SWEEP_SEED=${seed}`);
  test.info().annotations.push({ type: "SWEEP_SEED", description: String(seed) });
  const routes = await portalRoutes();
  expect(routes.length).toBeGreaterThan(20);

  await new JobsPage(page).signInWithPin(alice.pin);
  const signedIn = page.request;
  const anonymous = await apiRequests.newContext({ baseURL: stack.portalUrl, extraHTTPHeaders });
  const garbage = await apiRequests.newContext({
    baseURL: stack.portalUrl,
    extraHTTPHeaders: { ...extraHTTPHeaders, cookie: "authjs.session-token=garbage; __Secure-authjs.session-token=x" },
  });
  const contexts: Record<Who, APIRequestContext> = { signedIn, anonymous, garbageCookie: garbage };

  const dataBefore = printServerData(stack);
  const personBefore = await personState(signedIn);
  let sent = 0;

  try {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestsFor(route, stack.portalUrl), async (request) => {
          sent++;
          const answer = await contexts[request.who].fetch(request.url, {
            method: request.method,
            headers: request.headers,
            data: request.body,
            maxRedirects: 0,
            failOnStatusCode: false,
          });
          const status = answer.status();
          const type = answer.headers()["content-type"] ?? "";
          const problems: string[] = [];
          if (status >= 500) problems.push(`status ${status}`);
          if (status >= 400 && request.method !== "HEAD") {
            if (!type.startsWith("application/json")) problems.push(`error ${status} as "${type}"`);
            else if (!isJson(await answer.text())) problems.push(`error ${status} whose body is not JSON`);
          }
          if (problems.length > 0)
            throw new Error(
              `SWEEP_SEED=${seed}: ${request.who} ${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers)} ${
                request.body?.slice(0, 200) ?? ""
              }\n  ${problems.join("\n  ")}`,
            );
        }),
        { seed, numRuns: runsPerRoute, endOnFailure: true },
      );
    }
  } finally {
    await anonymous.dispose();
    await garbage.dispose();
    console.info(`portal bad-input sweep: ${sent} requests over ${routes.length} routes`);
  }

  expect(printServerData(stack)).toEqual(dataBefore);
  expect(await personState(signedIn)).toEqual(personBefore);
  // A URL past Node's header limit: refused before Next.js, still as JSON.
  const overlong = await rawRequest(`${stack.portalUrl}/api/${"x".repeat(100_000)}`);
  expect(overlong.status).toBe(431);
  expect(overlong.type).toContain("application/json");
  expect(JSON.parse(overlong.body)).toMatchObject({ error: "too_large" });

  const health = await signedIn.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok", printServer: "reachable" });
});

/** One request with Node's own client (Playwright's refuses to send a URL this long). */
function rawRequest(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: "GET" }, (answer) => {
      let body = "";
      answer.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      answer.on("end", () =>
        resolve({ status: answer.statusCode ?? 0, type: answer.headers["content-type"] ?? "", body }),
      );
    });
    request.on("error", reject).end();
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
