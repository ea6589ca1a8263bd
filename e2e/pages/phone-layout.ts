import { expect, type Locator, type Page } from "@playwright/test";

// Checks of a page as a phone shows it: nothing wider than the screen, every
// control big enough for a thumb, nothing shown only on hover. Each answers a
// list of readable problems, so a failing test says what and where.

/** What a control must measure at least, in CSS px (ui.md: 44 px targets). */
export const minimumTarget = 44;

/**
 * Elements sticking out of the screen sideways or squeezed narrower than
 * their content, and whether the page scrolls sideways at all. Elements
 * clipped by an ancestor that itself fits (a truncated name) and visually
 * hidden text (sr-only) do not count.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth} px wide on a ${width} px screen`);

    const describe = (element: Element) => {
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const id = element.id ? `#${element.id}` : "";
      return `<${element.tagName.toLowerCase()}${id}> "${text}"`;
    };
    const visuallyHidden = (element: Element) => {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") return true;
      }
      return false;
    };
    const clippedInside = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        // A scrolling box would still scroll sideways: only hidden/clip excuse.
        if (["hidden", "clip"].includes(style.overflowX) && node.getBoundingClientRect().right <= width + 0.5)
          return true;
      }
      return false;
    };

    const squeezed: Element[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      if (visuallyHidden(element) || clippedInside(element)) continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        problems.push(`${describe(element)} spans ${Math.round(box.left)} to ${Math.round(box.right)} px`);
      }
      // A box squeezed narrower than its content (a button whose label runs
      // out of it) stays inside the screen but hides part of what it says.
      // Boxes that clip on purpose (truncated names, fields) are left alone.
      if (
        getComputedStyle(element).overflowX === "visible" &&
        element.clientWidth > 0 &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        squeezed.push(element);
      }
    }
    // Name the innermost squeezed box: its ancestors overflow because of it.
    for (const element of squeezed) {
      if (squeezed.some((other) => other !== element && element.contains(other))) continue;
      problems.push(`${describe(element)} is ${element.clientWidth} px wide for ${element.scrollWidth} px of content`);
    }
    return problems;
  });
}

/** Visible controls smaller than a thumb: links, buttons, fields, menu items, tabs and radios. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    const controls = document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, [role=radio], [role^=menuitem], [role=tab]",
    );
    const problems: string[] = [];
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const style = getComputedStyle(control);
      // The skip link is sr-only until it has focus, and then big enough (checked on its own).
      if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") continue;
      const box = control.getBoundingClientRect();
      if (box.width >= minimum - 0.5 && box.height >= minimum - 0.5) continue;
      const name = (control.getAttribute("aria-label") ?? control.textContent ?? "")
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 40);
      problems.push(
        `<${control.tagName.toLowerCase()}> "${name}" is ${Math.round(box.width)} x ${Math.round(box.height)} px`,
      );
    }
    return problems;
  }, minimumTarget);
}

/** Both checks at once: what a phone user would trip over on this page as it is now. */
export async function phoneProblems(page: Page): Promise<string[]> {
  return [...(await sidewaysOverflow(page)), ...(await smallTargets(page))];
}

/**
 * Style rules that show, hide or move something while the pointer is over
 * it: on a touch screen there is no hover, so such a control would be out of
 * reach. Colour and background changes on hover are fine (they add nothing).
 */
export function hoverOnlyRules(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const revealing = [
      "display",
      "visibility",
      "opacity",
      "clip",
      "clip-path",
      "content",
      "height",
      "width",
      "max-height",
      "transform",
      "position",
    ];
    const found: string[] = [];
    const walk = (rules: CSSRuleList, underHover: boolean) => {
      for (const rule of rules) {
        const hover = underHover || (rule instanceof CSSStyleRule && rule.selectorText.includes(":hover"));
        // Style rules and the nested declarations inside @media (hover: hover).
        const style = "style" in rule && rule.style instanceof CSSStyleDeclaration ? rule.style : undefined;
        if (hover && style) {
          const changed = revealing.filter((property) => style.getPropertyValue(property) !== "");
          if (changed.length > 0) found.push(`${rule.cssText.slice(0, 80)}: ${changed.join(", ")}`);
        }
        if ("cssRules" in rule && rule.cssRules instanceof CSSRuleList) walk(rule.cssRules, hover);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
    return found;
  });
}

/**
 * Presses Tab until the target has focus (at most `limit` times): how a
 * keyboard user gets there. Then checks they can see where they are: the
 * focused control draws a focus ring of at least 2 px.
 */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(ring.style, "focus ring").not.toBe("none");
      expect(ring.width, "focus ring width").toBeGreaterThanOrEqual(2);
      return;
    }
  }
}

/** One layout shift: its score (as Lighthouse's CLS adds them up) and what moved, from where to where. */
export interface LayoutShift {
  score: number;
  moved: string;
}

/**
 * What moved on the page since it loaded, without a person's input before it
 * (the browser's layout-shift entries). Waits two frames first, so a render
 * that has just happened is counted. A loading state should keep the room of
 * what replaces it: text that wraps, a panel or a cost that comes later
 * moved what was under a thumb.
 */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift[]>((resolve) => {
        const frame = () => new Promise((next) => requestAnimationFrame(next));
        void frame()
          .then(frame)
          .then(() => {
            const shifts: LayoutShift[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Array<PerformanceEntry & LayoutShiftFields>) {
                if (entry.hadRecentInput) continue;
                const moved = entry.sources.map(({ node, previousRect: from, currentRect: to }) => {
                  const text = (node?.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
                  return `<${node?.nodeName.toLowerCase() ?? "?"}> "${text}" x ${from.x}->${to.x}, y ${from.y}->${to.y}, width ${from.width}->${to.width}, height ${from.height}->${to.height}`;
                });
                shifts.push({ score: Number(entry.value.toFixed(4)), moved: moved.join("; ") });
              }
            }).observe({ type: "layout-shift", buffered: true });
            // The buffered entries come in a task of their own.
            setTimeout(() => resolve(shifts), 100);
          });
      }),
  );
}

/** The page's shifts added up as Lighthouse's CLS adds them (under 0.1 is "good"). */
export function shiftScore(shifts: LayoutShift[]): number {
  return shifts.reduce((sum, shift) => sum + shift.score, 0);
}

/** The fields of a layout-shift entry this reads (not in TypeScript's DOM types). */
interface LayoutShiftFields {
  value: number;
  hadRecentInput: boolean;
  sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
}

/**
 * What is wrong with the shown navigation named `name` (a header's links or
 * the bottom bar): links on more than one row, or two labels that touch or
 * overlap. Empty when its links sit in one row, each label apart.
 */
export function navigationProblems(page: Page, name: string): Promise<string[]> {
  return page.evaluate((name) => {
    const nav = [...document.querySelectorAll("nav")].find(
      (element) => element.getAttribute("aria-label") === name && element.checkVisibility(),
    );
    if (!nav) return [`no navigation "${name}" is shown`];
    const labels = [...nav.querySelectorAll("a")].map((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      const drawn = range.getBoundingClientRect();
      return { text: link.textContent ?? "", top: Math.round(link.getBoundingClientRect().top), drawn };
    });
    const problems: string[] = [];
    const rows = new Set(labels.map((label) => label.top));
    if (rows.size > 1) problems.push(`its links take ${rows.size} rows`);
    for (let i = 1; i < labels.length; i++) {
      const [left, right] = [labels[i - 1]!, labels[i]!];
      if (left.drawn.right + 2 > right.drawn.left) problems.push(`"${left.text}" touches "${right.text}"`);
    }
    return problems;
  }, name);
}
