import { expect, type Locator, type Page } from "@playwright/test";

/** /files: upload to print, my files, my scans. */
export class FilesPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/files");
    await expect(this.page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await expect(this.myFiles).toBeVisible();
  }

  /** The file input, by its visible label. */
  get chooser(): Locator {
    return this.page.getByLabel("Choose files");
  }

  get uploads(): Locator {
    return this.page.getByRole("list", { name: "Uploads" });
  }

  get myFiles(): Locator {
    return this.page.getByRole("region", { name: "My files" });
  }

  get scans(): Locator {
    return this.page.getByRole("region", { name: "My scans" });
  }

  /** A file's entry in a list, found by its name. */
  entry(list: Locator, name: string): Locator {
    return list.getByRole("listitem").filter({ has: this.page.getByRole("heading", { name, exact: true }) });
  }

  async upload(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.chooser.setInputFiles(files);
  }
}
