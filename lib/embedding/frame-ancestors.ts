import "server-only";
import { z } from "zod";

// PORTAL_FRAME_ANCESTORS: the intranet origins allowed to show the portal in
// a frame. It becomes the CSP `frame-ancestors` directive as it is (the only
// header that can allow a list; X-Frame-Options cannot), and decides whether
// cookies must work in cross-site frames (cookie-policy.ts).

// An origin as CSP writes it: scheme, host (optionally "*." in front) and
// port; no path, since a path in frame-ancestors would only confuse.
const originPattern = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;
// An intranet page served over http:// can be changed by anyone on its
// network path, who could then frame the portal and watch what people type:
// http:// only for pages on this machine (trying it out, tests).
const plainHttpOnThisMachine = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

const source = z
  .string()
  .transform((value) =>
    value.toLowerCase() === "'self'" || value.toLowerCase() === "self"
      ? "'self'"
      : value.toLowerCase().replace(/\/+$/, ""),
  )
  .refine((value) => value === "'self'" || originPattern.test(value), {
    message: "must list origins such as https://intranet.example.com (scheme, host and port only, no path)",
  })
  .refine((value) => !value.startsWith("http://") || plainHttpOnThisMachine.test(value), {
    message: "must list https:// origins (http:// only for localhost or 127.0.0.1)",
  });

/** Parses the variable's text: origins separated by spaces or commas. */
export const frameAncestorsSchema = z
  .string()
  .default("'self'")
  .transform((text) => text.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(source))
  // The portal may always frame itself; listing 'self' twice does no harm but reads oddly.
  .transform((sources) => ["'self'", ...new Set(sources.filter((value) => value !== "'self'"))]);

export type FrameAncestors = z.output<typeof frameAncestorsSchema>;

/** True when pages of other origins may frame the portal. */
export function allowsOtherOrigins(ancestors: FrameAncestors): boolean {
  return ancestors.some((value) => value !== "'self'");
}

/** The CSP directive, e.g. `frame-ancestors 'self' https://intranet.example.com`. */
export function frameAncestorsDirective(ancestors: FrameAncestors): string {
  return `frame-ancestors ${ancestors.join(" ")}`;
}
