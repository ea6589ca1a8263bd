import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { root } from "../../scripts/lib/stack.mjs";
import type { Driver } from "./driver";

// A flow is a vitest test made of named steps. A failing step throws an error
// that names the browser, the flow and the step, and leaves a screenshot of
// the window in .test-output/browsers/ beside it.

export const screenshotDir = join(root, ".test-output", "browsers");

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

export class Flow {
  constructor(
    readonly driver: Driver,
    readonly title: string,
  ) {}

  async step<T>(name: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      mkdirSync(screenshotDir, { recursive: true });
      const file = join(screenshotDir, `${slug(this.driver.name)}--${slug(this.title)}--${slug(name)}.png`);
      const saved = await this.driver.screenshot(file).then(
        () => `screenshot ${file.replace(`${root}`, "")}`,
        (cause: unknown) => `no screenshot: ${cause instanceof Error ? cause.message.split("\n")[0] : String(cause)}`,
      );
      throw new Error(`${this.driver.name} > ${this.title} > ${name}: ${message.split("\n")[0]} (${saved})`, {
        cause: error,
      });
    }
  }
}
