"use client";

import { useEffect } from "react";

/** The message the intranet page listens for to size its frame (README, "Embedding in an intranet"). */
export const heightMessageType = "print-portal:height";

/**
 * Tells the page around the frame how tall the portal's content is, whenever
 * it changes (data arriving, a notice, another page), so the intranet can make
 * the frame fit without a second scrollbar. The body is measured, not the
 * document, which is never shorter than the frame and so could never shrink.
 */
export function EmbedHeightReporter() {
  useEffect(() => {
    if (window.parent === window) return;
    let last = 0;
    const report = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      // Any origin: the CSP frame-ancestors list already decides which pages
      // may be the parent at all, and a height is no secret.
      window.parent.postMessage({ type: heightMessageType, height }, "*");
    };
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, []);
  return null;
}
