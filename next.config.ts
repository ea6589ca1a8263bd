import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { apiHeaders, securityHeaders } from "./scripts/lib/security-headers.mjs";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The print server client uses undici with its own CA; keep it a plain Node
  // dependency instead of bundling it.
  serverExternalPackages: ["undici", "ioredis"],
  experimental: {
    // Request bodies: the portal's largest is a few kB. proxy.ts refuses a
    // larger declared one (413); these stop what Next.js itself would buffer
    // of an undeclared (chunked) one: 10 MB for the proxy, 1 MB for a form
    // post by default. Keep them equal to maxRequestBodyBytes (lib/http/large-body.ts).
    proxyClientMaxBodySize: "64kb",
    serverActions: { bodySizeLimit: "64kb" },
  },
  async headers() {
    return [
      { source: "/:path*", headers: [...securityHeaders] },
      { source: "/api/:path*", headers: [...apiHeaders] },
    ];
  },
};

// next-intl reads the request's language and catalogue from i18n/request.ts
// (the language is never part of the URL).
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

export default withNextIntl(nextConfig);
