"use client";

import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * A list item that leaves the page with the focus in it (deleted, removed,
 * run again) hands the focus to `target`, its list's heading, not to the top
 * of the page. A layout effect's cleanup runs while the item is still in the
 * page, where the focus can still be seen; it runs only as the item leaves,
 * whatever `target` a render passes.
 */
export function useFocusHandOver<T extends HTMLElement>(
  target: (item: T) => HTMLElement | null | undefined,
): RefObject<T | null> {
  const item = useRef<T>(null);
  const latestTarget = useRef(target);
  useLayoutEffect(() => {
    latestTarget.current = target;
  });
  useLayoutEffect(() => {
    const left = item.current;
    return () => {
      if (left?.contains(document.activeElement)) latestTarget.current(left)?.focus();
    };
  }, []);
  return item;
}
