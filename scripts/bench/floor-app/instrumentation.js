// Nothing to set up. The file is here because Turbopack, whose root is the
// repository (where the lockfile is), would otherwise build the portal's
// instrumentation.ts into the floor.
export function register() {}
