// Headers that do not depend on the request, on every answer: next.config.ts
// adds them to what Next.js serves, scripts/portal-server.mjs to the static
// files it serves itself (precompressed-static.mjs). The
// Content-Security-Policy needs a fresh nonce per page and is therefore set
// in proxy.ts.

export const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];
