import type { Writable } from "node:stream";
import type { OutputFile } from "./output-file.js";

// Rows are small; gathering them into chunks of this size keeps the number of
// stream writes (and drain waits) low without holding more than one chunk.
const CHUNK_CHARS = 64 * 1024;

/** Writes text into `target` in chunks, waiting for 'drain' whenever the target is full. */
export class TextSink {
  private parts: string[] = [];
  private size = 0;

  constructor(
    private readonly out: OutputFile,
    private readonly target: Writable,
  ) {}

  async write(text: string): Promise<void> {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= CHUNK_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const chunk = this.parts.join("");
    this.parts = [];
    this.size = 0;
    this.out.check();
    if (!this.target.write(chunk)) await this.out.drain(this.target);
  }

  /** Flushes and ends the target; the target's consumer finishes on its own. */
  async end(): Promise<void> {
    await this.flush();
    this.out.check();
    this.target.end();
  }
}
