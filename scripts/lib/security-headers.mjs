// Headers that do not depend on the request, on every answer: next.config.ts
// adds them to what Next.js serves, scripts/portal-server.mjs to the few
// answers it writes itself. The pages' Content-Security-Policy needs a fresh
// nonce per page and is therefore set in proxy.ts.

export const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

// An API answer is never a document: nothing may run in it or frame it (a
// JSON error or a CSV opened on its own included).
export const apiHeaders = [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }];
