// Checks the configuration once when the server starts, so a bad setting stops
// the portal with a clear message instead of failing on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./lib/check-env-at-start");
}
