// Next.js answers a method a route handler does not export with a 405 and an
// empty body, but under /api/ every error is JSON (the portal's fetch helper
// and other clients read errors one way). The portal's server answers those
// requests itself, before Next.js, from the methods each route file exports.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

const exported =
  /export (?:const|async function|function) (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b|\bas (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g;

/**
 * Every route under `apiDir` (app/api): its URL segments as Next.js matches
 * them, and the methods it answers, with HEAD where GET is and OPTIONS, which
 * Next.js adds to every route.
 *
 * @param {string} apiDir
 * @returns {{ segments: string[], methods: string[] }[]}
 */
export function apiRoutes(apiDir) {
  if (!existsSync(apiDir)) return [];
  const files = readdirSync(apiDir, { recursive: true, encoding: "utf8" }).filter((file) =>
    /(^|[\\/])route\.(ts|js)$/.test(file),
  );
  return files.map((file) => {
    const methods = new Set(
      [...readFileSync(join(apiDir, file), "utf8").matchAll(exported)].map((match) => match[1] ?? match[2]),
    );
    if (methods.has("GET")) methods.add("HEAD");
    methods.add("OPTIONS");
    const folder = relative(apiDir, join(apiDir, file, ".."));
    const segments = folder.split(sep).filter((segment) => segment && !/^\(.*\)$/.test(segment));
    return { segments, methods: [...methods].sort() };
  });
}

/** How specific a route segment is, as Next.js prefers them: a name, then [id], then [...rest]. */
const rank = (segment) =>
  segment.startsWith("[...") || segment.startsWith("[[...") ? 2 : segment.startsWith("[") ? 1 : 0;

/** The ranks of the route's segments when it serves `parts`, or undefined when it does not. */
function matchRanks(route, parts) {
  const ranks = [];
  for (const [index, segment] of route.segments.entries()) {
    const kind = rank(segment);
    if (kind === 2) return parts.length > index || segment.startsWith("[[") ? [...ranks, 2] : undefined;
    if (index >= parts.length || (kind === 0 && segment !== parts[index])) return undefined;
    ranks.push(kind);
  }
  return parts.length === route.segments.length ? ranks : undefined;
}

function moreSpecific(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 3) !== (b[i] ?? 3)) return (a[i] ?? 3) < (b[i] ?? 3);
  }
  return false;
}

/**
 * The methods the route serving `path` (below /api/) answers, or undefined
 * when no route serves it or the path is one Next.js rewrites first (a
 * trailing slash, an empty segment): Next.js answers those as it does.
 *
 * @param {{ segments: string[], methods: string[] }[]} routes
 * @param {string} path  e.g. "/api/jobs/12"
 * @returns {string[] | undefined}
 */
export function allowedMethods(routes, path) {
  const parts = path.replace(/^\/api\//, "").split("/");
  if (parts.some((part) => part === "")) return undefined;
  let best;
  for (const route of routes) {
    const ranks = matchRanks(route, parts);
    if (ranks && (!best || moreSpecific(ranks, best.ranks))) best = { ranks, route };
  }
  return best?.route.methods;
}
