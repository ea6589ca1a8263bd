import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The WCAG 2.x A and AA rules, 2.2 included. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core's violations on the page as it is now, one line each: the rule,
 * the elements and what axe said about the first of them, so a failing
 * expectation reads as a diagnosis. Automated checks catch only part of the
 * problems, but they keep the basics (names, contrast, landmarks) from slipping.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return results.violations.map((violation) => {
    const targets = violation.nodes.map((node) => node.target.join(" ")).join(", ");
    const detail = violation.nodes[0]?.failureSummary?.replace(/\s+/g, " ").trim();
    return `${violation.id}: ${targets}${detail ? ` (${detail})` : ""}`;
  });
}
