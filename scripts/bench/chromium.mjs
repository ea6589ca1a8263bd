// Debian's Chromium for every browser measure (Playwright and Lighthouse
// cannot download one here), and the bench session as browser cookies.

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A Cookie header ("a=1; b=2") as Playwright's cookies for `url`. */
export function cookieObjects(cookieHeader, url) {
  return cookieHeader.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}
