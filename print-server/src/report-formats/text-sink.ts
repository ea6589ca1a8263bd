import type { Writable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { OutputFile } from "./output-file.js";

// Rows are small; gathering them into chunks of this size keeps the number of
// stream writes (and drain waits) low without holding more than one chunk.
const CHUNK_CHARS = 64 * 1024;
// A target that buffers a lot (deflate, see zip-package.ts) seldom asks to
// wait: the event loop still gets a turn this often, so that what the target
// did meanwhile reaches the file and an abort is noticed.
const CHUNKS_PER_TURN = 4;

/** Writes text into `target` in chunks, waiting for 'drain' whenever the target is full. */
export class TextSink {
  private parts: string[] = [];
  private size = 0;
  private chunksWithoutTurn = 0;

  constructor(
    protected readonly out: OutputFile,
    protected readonly target: Writable,
  ) {}

  async write(text: string): Promise<void> {
    if (this.push(text)) await this.flush();
  }

  /**
   * Adds text without waiting: answers true once a chunk is complete, and the
   * caller then awaits flush(). A writer calling this once per row pays for
   * a promise once per chunk instead of once per row.
   */
  push(text: string): boolean {
    this.parts.push(text);
    this.size += text.length;
    return this.size >= CHUNK_CHARS;
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const chunk = this.parts.join("");
    this.parts = [];
    this.size = 0;
    this.out.check();
    if (!this.send(chunk)) {
      this.chunksWithoutTurn = 0;
      await this.out.drain(this.target);
    } else if (++this.chunksWithoutTurn === CHUNKS_PER_TURN) {
      this.chunksWithoutTurn = 0;
      await nextTurn();
    }
  }

  /** Hands one chunk to the target; false when the target is full and 'drain' is to be awaited. */
  protected send(chunk: string): boolean {
    return this.target.write(chunk);
  }

  /** Flushes and ends the target; the target's consumer finishes on its own. */
  async end(): Promise<void> {
    await this.flush();
    this.out.check();
    this.target.end();
  }
}
