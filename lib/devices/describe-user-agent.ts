import "server-only";
import Bowser from "bowser";

// A browser's own description of itself (its User-Agent header) in the few
// words people recognise: "Firefox", "Windows". The header is whatever the
// browser sent, so an unknown or made-up one reads as unknown.

export interface DeviceDescription {
  browser: string | null;
  system: string | null;
}

/** The browser and operating system a User-Agent names, each null when it names none. */
export function describeUserAgent(userAgent: string | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, system: null };
  const parser = Bowser.getParser(userAgent);
  return { browser: parser.getBrowserName() || null, system: parser.getOSName() || null };
}
