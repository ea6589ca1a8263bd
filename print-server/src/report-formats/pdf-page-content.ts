import { deflate } from "node:zlib";
import type PDFDocument from "pdfkit";

type Doc = InstanceType<typeof PDFDocument>;

/**
 * zlib's fastest level: text operators repeat so much that it keeps most of
 * the gain (files about a fifth larger than at the default level 6) for less
 * than half the CPU, which on a 2-core server is time taken
 * from the writer and the API.
 */
const PAGE_COMPRESSION_LEVEL = 1;

/**
 * Adds content streams of its own to pdfkit's pages and compresses them on
 * libuv's thread pool while the writer sets the next page. pdfkit compresses a
 * page's content synchronously, which is about a sixth of the time a large
 * report takes; a page's Contents may be an array of streams (PDF 1.7,
 * 7.8.2), and pdfkit writes the file once every object it handed out has
 * ended, whenever that is.
 */
export class PageContent {
  private pending = 0;
  private settled: (() => void) | undefined;

  constructor(
    private readonly doc: Doc,
    private readonly fail: (error: unknown) => void,
  ) {}

  /** Appends `operators` (PDF content operators, Latin-1) to the current page. */
  append(operators: string): void {
    const page = this.doc.page.dictionary.data as { Contents?: unknown };
    if (page.Contents === undefined) {
      throw new Error("this pdfkit version has no page Contents the PDF writer knows (pdfkit 0.20 expected)");
    }
    // With a Filter set, pdfkit leaves the stream's bytes as they are.
    const stream = this.doc.ref({ Filter: "FlateDecode" });
    page.Contents = [...(Array.isArray(page.Contents) ? page.Contents : [page.Contents]), stream];
    this.pending += 1;
    deflate(Buffer.from(operators, "latin1"), { level: PAGE_COMPRESSION_LEVEL }, (error, compressed) => {
      this.pending -= 1;
      if (error) this.fail(error);
      else stream.end(compressed);
      this.settled?.();
    });
  }

  /** Resolves once no more than `max` streams are still being compressed. */
  async atMost(max: number): Promise<void> {
    while (this.pending > max) await new Promise<void>((resolve) => (this.settled = resolve));
    this.settled = undefined;
  }
}
