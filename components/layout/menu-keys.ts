// Keyboard moves and placement of the user menu (user-menu.tsx), kept out of
// the component so they read as what they are: the ARIA menu pattern's keys
// and "below the button, right edges aligned".

const itemSelector = "[data-menu-item]";

/**
 * Moves focus among the menu's items for `key` (ArrowDown, ArrowUp, Home, End,
 * or a letter: the next item starting with it). Returns whether the key was one
 * of those, so the caller stops the browser's own handling (scrolling).
 */
export function focusMenuItem(menu: HTMLElement, key: string): boolean {
  const items = [...menu.querySelectorAll<HTMLElement>(itemSelector)];
  if (items.length === 0) return false;
  const at = items.indexOf(document.activeElement as HTMLElement);
  let next: number;
  if (key === "ArrowDown") next = at < 0 ? 0 : (at + 1) % items.length;
  else if (key === "ArrowUp") next = at <= 0 ? items.length - 1 : at - 1;
  else if (key === "Home") next = 0;
  else if (key === "End") next = items.length - 1;
  else if (key.length === 1 && key.trim() !== "") {
    const letter = key.toLocaleLowerCase();
    const order = [...items.slice(at + 1), ...items.slice(0, at + 1)];
    const found = order.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter));
    if (!found) return true;
    next = items.indexOf(found);
  } else return false;
  items[next]?.focus();
  return true;
}

const gap = 6;
const margin = 8;

/**
 * Places the open menu (a popover, so in the top layer and laid out against
 * the whole document) just below `button`, its right edge on the button's;
 * tall menus scroll within the room left below the button.
 */
export function placeBelow(menu: HTMLElement, button: HTMLElement): void {
  const box = button.getBoundingClientRect();
  const page = document.documentElement;
  Object.assign(menu.style, {
    position: "absolute",
    inset: "auto",
    top: `${box.bottom + window.scrollY + gap}px`,
    right: `${Math.max(margin, page.clientWidth - box.right - window.scrollX)}px`,
    maxHeight: `${Math.max(160, window.innerHeight - box.bottom - gap - margin)}px`,
    maxWidth: `${page.clientWidth - 2 * margin}px`,
  });
}
