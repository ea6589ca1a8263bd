import { PassThrough } from "node:stream";
import { ZipFile } from "yazl";
import type { OutputFile } from "./output-file.js";
import { TextSink } from "./text-sink.js";

const ENTRY_BUFFER_BYTES = 64 * 1024;

/**
 * A zip container (XLSX, ODS) written straight into the report file. yazl
 * writes entries in the order they were added and pipes each streamed entry
 * through deflate into the file, so backpressure from the disk reaches the
 * TextSink of the entry being written.
 */
export class ZipPackage {
  private readonly zip = new ZipFile();
  private readonly mtime = new Date();

  constructor(private readonly out: OutputFile) {
    out.watch(this.zip);
    const output = this.zip.outputStream;
    out.watch(output);
    output.pipe(out.stream);
  }

  /** A small part known in full. `stored` writes it uncompressed and without extra fields, as ODF wants for `mimetype`. */
  addText(name: string, content: string, stored = false): void {
    this.zip.addBuffer(Buffer.from(content, "utf8"), name, {
      mtime: this.mtime,
      compress: !stored,
      forceDosTimestamp: stored,
    });
  }

  /** A part streamed row by row; end the returned sink before adding another streamed part. */
  openEntry(name: string): TextSink {
    const entry = new PassThrough({ highWaterMark: ENTRY_BUFFER_BYTES });
    this.out.watch(entry);
    this.zip.addReadStream(entry, name, { mtime: this.mtime });
    return new TextSink(this.out, entry);
  }

  /** Writes the central directory once every entry is done, then ends the file. */
  end(): void {
    this.out.check();
    this.zip.end();
  }
}
