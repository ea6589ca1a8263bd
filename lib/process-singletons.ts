import "server-only";

// Next.js bundles proxy.ts, the pages and the route handlers separately and
// loads them into one process, so a module-level value exists once per bundle
// that imports it. What must be one per process (the configuration, the print
// server's connection pools and clients, the state store, caches) is kept here
// instead, on globalThis under one registered symbol. scripts/portal-server.mjs
// registers the request context under the same symbol before Next.js starts.

const registryKey = Symbol.for("print-portal.process-singletons");

type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [registryKey]?: Registry };
  holder[registryKey] ??= new Map();
  return holder[registryKey];
}

/** This process's one value under `key`, made by `create` on first use. */
export function processSingleton<T>(key: string, create: () => T): T {
  const values = registry();
  if (!values.has(key)) values.set(key, create());
  return values.get(key) as T;
}

/** Forgets the value under `key`: the next processSingleton call makes a new one (tests, a configuration reload). */
export function forgetProcessSingleton(key: string): void {
  registry().delete(key);
}
