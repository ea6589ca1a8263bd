import "server-only";

// For tests: what a browser sends when a plain form on the portal's own page is
// posted. Kept apart from next/server, so tests that mock that module can use it.

/** A form-encoded post of `fields`, same-origin unless `headers` say otherwise. */
export function formPostInit(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  };
}
