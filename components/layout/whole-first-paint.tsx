const markerId = "whole-first-paint";

/**
 * Asks the browser to show the page only once it has read the HTML up to
 * here: put it after the last thing whose place depends on what comes
 * before it. When the HTML came in pieces, a page painted halfway moved as
 * the rest came: the header's user menu grew from its icon to its name and
 * jumped left, the sign-in card, kept in the middle, moved down as its form
 * came. Chromium-based browsers (124 and later) honour `rel="expect"`;
 * others show the page as they read it, as before. The link goes to the
 * head (React hoists it); the empty marker stays here, as the element the
 * browser waits for: Chromium lets go when it meets an element's start
 * tag, not its end, so the marker must come after the content, not around
 * it. The server sends the page's frame at once and what it streams later
 * comes after it, so this waits on the network alone.
 */
export function WholeFirstPaint() {
  return (
    <>
      <link rel="expect" href={`#${markerId}`} blocking="render" />
      <span id={markerId} hidden />
    </>
  );
}
