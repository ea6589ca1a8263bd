// The build's static files (/_next/static/: scripts, stylesheets, fonts, each
// named by a hash of its content and never changed) served by the portal's
// own server from memory, compressed once: gzip -9 at once, brotli as soon as
// it is ready. Next.js compressed each file again on every request (gzip at
// zlib's default level, up to 8 ms of CPU for the largest script), ten or so
// per first page view; on 2 cores the stylesheet came about 100 ms after the
// page and held back its first paint (issue 14). Anything else, a file that
// is not there included, is left to Next.js.

import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";

const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);

const PREFIX = "/_next/static/";
/** A year, as Next.js sends for these files: their names change with their content. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";
const TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".map": "application/json; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=UTF-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
};
const OUR_CODINGS = ["br", "gzip"];
const COMPRESSIBLE = new Set([".js", ".css", ".json", ".map", ".svg", ".txt"]);
/** Below this, compressing saves less than the header costs. */
const MIN_COMPRESS_BYTES = 1024;

/** The codings of ours that an Accept-Encoding header allows (q above 0), by its preference, brotli first on a tie. */
export function acceptedCodings(header) {
  const request = { headers: header === undefined ? {} : { "accept-encoding": String(header) } };
  return new Negotiator(request).encodings(OUR_CODINGS, { preferred: OUR_CODINGS });
}

/** The file's path under the static folder, or undefined for a path this server does not serve. */
function relativePath(url) {
  const path = url.split("?")[0].slice(PREFIX.length);
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const segments = decoded.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === ".." || /[\\\0]/.test(segment)))
    return undefined;
  return TYPES[extname(decoded)] ? decoded : undefined;
}

/** True when an If-None-Match header names this ETag (or any). */
function matches(ifNoneMatch, etag) {
  if (typeof ifNoneMatch !== "string") return false;
  const bare = (tag) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/**
 * A handler for GET and HEAD under /_next/static/ that serves `staticDir`;
 * it answers true when it answered, false to leave the request to Next.js.
 * `headers` ({key, value} pairs) go on every answer it gives.
 */
export function precompressedStatic({ staticDir, headers = [] }) {
  const root = resolve(staticDir);
  /** Files read so far (only those that exist: a stranger's made-up names take no memory). */
  const files = new Map();

  async function read(relative) {
    const path = resolve(root, relative);
    if (!path.startsWith(root + sep)) return undefined;
    // A missing file rejects here; fileFor() answers undefined for it.
    const info = await stat(path);
    if (!info.isFile()) return undefined;
    const body = await readFile(path);
    const extension = extname(path);
    const entry = {
      body,
      type: TYPES[extension],
      etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      lastModified: info.mtime.toUTCString(),
      codings: {},
    };
    if (COMPRESSIBLE.has(extension) && body.length >= MIN_COMPRESS_BYTES) {
      entry.codings.gzip = await gzipped(body, { level: 9 });
      // Brotli at its best takes a few hundred ms for the largest script: gzip is sent meanwhile.
      brotlied(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }).then(
        (compressed) => (entry.codings.br = compressed),
        () => undefined,
      );
    }
    return entry;
  }

  function fileFor(relative) {
    let pending = files.get(relative);
    if (!pending) {
      pending = read(relative)
        .catch(() => undefined)
        .then((entry) => {
          if (!entry) files.delete(relative);
          return entry;
        });
      files.set(relative, pending);
    }
    return pending;
  }

  return async function serve(req, res) {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.url?.startsWith(PREFIX)) return false;
    const relative = relativePath(req.url);
    const entry = relative && (await fileFor(relative));
    if (!entry) return false;
    for (const { key, value } of headers) res.setHeader(key, value);
    res.setHeader("Cache-Control", CACHE_CONTROL);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Last-Modified", entry.lastModified);
    if (entry.codings.gzip) res.setHeader("Vary", "Accept-Encoding");
    if (matches(req.headers["if-none-match"], entry.etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const coding = acceptedCodings(req.headers["accept-encoding"]).find((name) => entry.codings[name]);
    const body = coding ? entry.codings[coding] : entry.body;
    res.statusCode = 200;
    res.setHeader("Content-Type", entry.type);
    if (coding) res.setHeader("Content-Encoding", coding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
