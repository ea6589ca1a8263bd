// What a page's scripts carry beyond the floor's (an empty Next.js page of
// the same version), and which packages that is.
//
// Turbopack's browser chunks push their modules as [script, id, factory, id,
// factory, ...] onto globalThis.TURBOPACK; module ids come from the module's
// path, so a package module has the same id in the portal's build and the
// floor's. Running a chunk in an empty VM context only defines the factories
// (none runs), which gives each module's id and source without a JavaScript
// parser. A script that is not such a chunk (Turbopack's runtime) counts as
// one module, known by its text.

import { createHash } from "node:crypto";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

/** Strings that survive minification and tell a package; a module with none of them is the app's own code. */
const PACKAGE_SIGNATURES = [
  ["react, react-dom", /react-dom|Minified React error/],
  ["react-server-dom (RSC payload reader)", /resolved_model|resolved_module/],
  ["next (client router)", /__NEXT_|createRenderSearchParamsFromClient|useRouterBFCache|next-router/],
  ["next-intl (intl-messageformat)", /IntlMessageFormat|MISSING_MESSAGE|FORMATTING_ERROR/],
  ["@tanstack/react-query", /QueryClient|QueryObserver/],
  ["radix-ui", /data-radix|radix-/],
  ["@floating-ui", /referenceHidden|floating-ui|autoUpdate/],
  ["zod", /ZodError|\$ZodType|zod_/],
  ["lucide-react", /lucide/],
];
const APP_CODE = "app code";

const gzipBytes = (text) => gzipSync(text, { level: 9 }).byteLength;
const digest = (text) => createHash("sha256").update(text).digest("base64url");

/** The modules of one script: [{ ids, source }]. */
export function scriptModules(text) {
  const context = vm.createContext({});
  try {
    vm.runInContext(text, context, { timeout: 1000 });
  } catch {
    return [{ ids: [], source: text }];
  }
  const pushed = context.TURBOPACK;
  if (!Array.isArray(pushed)) return [{ ids: [], source: text }];
  const modules = [];
  for (const entry of pushed) {
    let ids = [];
    for (const element of Array.isArray(entry) ? entry.slice(1) : []) {
      if (typeof element === "function") {
        modules.push({ ids, source: element.toString() });
        ids = [];
      } else if (typeof element === "number" || typeof element === "string") ids.push(element);
    }
  }
  return modules.length > 0 ? modules : [{ ids: [], source: text }];
}

/** The packages a piece of script shows, best known first; none is the app's own code. */
export function packagesOf(text) {
  const found = PACKAGE_SIGNATURES.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
  return found.length > 0 ? found : [APP_CODE];
}

/** The floor's modules, by id and by text, to compare pages with. */
export function floorIndex(scripts) {
  const ids = new Set();
  const sources = new Set();
  for (const script of scripts) {
    for (const found of scriptModules(script.text)) {
      for (const id of found.ids) ids.add(id);
      sources.add(digest(found.source));
    }
  }
  return { ids, sources };
}

/**
 * What `scripts` (one page's, each { path, text }) load beyond the floor:
 * the gzip size of the modules the floor does not load, in all and per
 * script, with the packages those modules show.
 */
export function beyondFloor(scripts, floor) {
  const extra = [];
  const perScript = [];
  for (const script of scripts) {
    const own = scriptModules(script.text)
      .filter((m) => !m.ids.some((id) => floor.ids.has(id)) && !floor.sources.has(digest(m.source)))
      .map((m) => m.source);
    if (own.length === 0) continue;
    const text = own.join("\n");
    extra.push(text);
    perScript.push({
      path: script.path,
      gzipBytes: gzipBytes(script.text),
      beyondGzipBytes: gzipBytes(text),
      packages: packagesOf(text),
    });
  }
  perScript.sort((a, b) => b.beyondGzipBytes - a.beyondGzipBytes);
  return { gzipBytes: extra.length ? gzipBytes(extra.join("\n")) : 0, scripts: perScript };
}
